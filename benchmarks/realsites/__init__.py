"""Real public websites, their built HTML pinned to a commit of a public repository, served on 127.0.0.1.

``corpus`` loads the manifests (``sites/<name>.json``), materialises a site from its repository's
snapshot, serves it as GitHub Pages would and computes its ground truth; ``benchmarks/realsites.py``
crawls each site with the article spider and scores it. See ``README.md`` here.
"""
