"""The ground truth of article text for ``benchmarks/quality.py``: manifests (``sources/``) and their builder (``truth``)."""
