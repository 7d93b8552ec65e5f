"""Our outputs: what a caller gets beyond the port's tree.

The ``Article`` (``article``), its text as ``innerText`` (``text``) and as Markdown (``markdown``), the sanitiser
that makes its HTML safe to show (``sanitize``), and the feed's fields Readability.js does not give (``feed``).
"""
