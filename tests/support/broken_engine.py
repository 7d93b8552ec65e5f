"""An engine module that cannot be imported, as in a broken environment (tests of a worker that cannot start)."""

raise ImportError("libxml2.so.2: cannot open shared object file: No such file or directory")
