"""Build the exact Black Diamond search as a C extension, from its own Python source.

Everything else about the package is declared in ``pyproject.toml``; this file exists only
because an extension module needs code to declare.  Cython compiles ``solvers/search.py``
unchanged (same semantics), with the fields of its search object and the locals of one
small function declared in ``solvers/search.pxd``, which makes a proof take half to two
thirds of the time: a lost deal is only proved by walking its whole game tree, and that
walk is the slowest thing a learner waits for.  Python imports the compiled module in place
of the source when both sit in ``solvers/``.

The extension is optional: without a working C compiler the install still succeeds and the
same search runs as plain Python.  ``cythonize()`` returns new ``Extension`` objects and
drops ``optional=True`` on the way, so it is set again on what it returns; setuptools then
turns a failed compile into a warning.

``CARDLIB_PURE=1`` builds no extension at all, so the wheel is ``py3-none-any``: the one a
browser's Python (Pyodide, in the JupyterLite site ``make lite`` builds) can install.
"""

import os

from setuptools import Extension, setup

PURE = os.environ.get("CARDLIB_PURE", "") not in ("", "0")


def extensions() -> list[Extension]:
    """The compiled search, marked optional (again) after Cython has made it."""
    from Cython.Build import cythonize

    compiled = cythonize(
        [Extension("solvers.search", ["solvers/search.py"])],
        # Type hints stay hints: the compiled module keeps Python's semantics (an ``int``
        # is still unbounded, a ``float`` still a Python float).
        compiler_directives={"language_level": 3, "annotation_typing": False},
        build_dir="build",  # the generated C stays out of the source tree
        force=True,  # remade on every install, so a changed directive is never stale
        quiet=True,
    )
    for extension in compiled:
        extension.optional = True
    return compiled


setup(ext_modules=[] if PURE else extensions())
