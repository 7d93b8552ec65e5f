"""The ground truth of article text for ``benchmarks/quality.py``: the manifests (``sources/``), their builder."""
