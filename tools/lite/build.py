"""Build the course as a static JupyterLite site: every notebook, nothing to install.

``make lite`` runs this.  The site (``build/lite/``) holds JupyterLab, the Pyodide kernel, the
widget manager, the Pyodide runtime and every wheel the notebooks import, so any web server
(``python -m http.server -d build/lite``) serves a lesson with no network beyond it.

Everything in the site is pinned, so a rebuild next month gives the same site:

- the Lite core and its Pyodide kernel: ``pyproject.toml``'s ``lite`` extra, in the lock;
- the Pyodide runtime that kernel expects (``jupyterlite_pyodide_kernel.constants``): the npm
  package ``pyodide`` at that version, its integrity in ``tools/lite/pyodide.json`` (fetched
  with ``npm pack``, or from the registry's address for it where npm is not installed);
- every wheel: ``tools/lite/wheels.lock`` (hashes), resolved for Pyodide's Python from
  cardlib's dependencies and ``tools/lite/requirements.in``;
- cardlib itself, as a pure ``py3-none-any`` wheel (``CARDLIB_PURE=1``, see ``setup.py``)
  built from the working tree.

The npm package holds the runtime and its ``pyodide-lock.json`` but none of the wheels that
lock names, and Pyodide's wheels differ in hash from PyPI's: the lock shipped in the site is
rewritten to name only what the site ships (micropip, the one package the kernel asks Pyodide
itself for), with its hash.  Everything else is served to the kernel's piplite from the site's
``pypi/`` index, with the fallback to PyPI turned off.

``python tools/lite/build.py lock`` remakes the two pinned files (network: PyPI and npm).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import urllib.request
import zipfile
from base64 import b64encode
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = ROOT / "tools" / "lite"
OUT = ROOT / "build" / "lite"
WORK = ROOT / "build" / "lite-work"  # the Lite project folder, made afresh on every build
CACHE = ROOT / "build" / "lite-cache"  # downloads, kept while their pins do not change
WHEELS_IN = HERE / "requirements.in"
WHEELS_LOCK = HERE / "wheels.lock"
PYODIDE_PIN = HERE / "pyodide.json"
STAMP = OUT / "lite-inputs.sha256"

#: what the site's notebooks read, relative to the site's root (the notebooks sit in
#: ``notebooks/`` and read ``../benchmarks/results/``, as they do in the repository)
CONTENTS = ["notebooks", "benchmarks/results"]
#: the kernel brings its own stand-in for widgetsnbextension (a front-end package only)
KERNEL_PROVIDES = ["widgetsnbextension"]
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: a fixed date for every file's timestamp, so two builds of the same inputs are alike
SOURCE_DATE_EPOCH = "1767225600"  # 2026-01-01


class LiteError(RuntimeError):
    """A build that cannot give the pinned site: names what disagrees."""


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def run(*command: str | Path, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([str(c) for c in command], check=True, **kwargs)


def pyodide_version() -> str:
    """The Pyodide the pinned kernel was made for."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    return PYODIDE_VERSION


def pyodide_python() -> str:
    """The Python version that Pyodide runs (3.14 for Pyodide 314)."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_PYTHON_VERSION

    return PYODIDE_PYTHON_VERSION


def input_files() -> list[Path]:
    """Every file whose change changes the site (the stamp is their hash)."""
    files = [ROOT / "requirements.lock", ROOT / "pyproject.toml", ROOT / "setup.py",
             WHEELS_IN, WHEELS_LOCK, PYODIDE_PIN, Path(__file__).resolve()]
    for folder, pattern in [("cardlib", "*.py"), ("cardlib", "*.toml"), ("solvers", "*.py"),
                            ("notebooks", "*.ipynb"), ("benchmarks/results", "*")]:
        files += [p for p in (ROOT / folder).rglob(pattern)
                  if p.is_file() and "__pycache__" not in p.parts
                  and ".ipynb_checkpoints" not in p.parts]
    return sorted(set(files))


def inputs_hash() -> str:
    digest = hashlib.sha256()
    for path in input_files():
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


# -- pins -------------------------------------------------------------------------------------

def lock() -> None:
    """Resolve the site's wheels for Pyodide's Python and pin the npm Pyodide's integrity."""
    uv = Path(sys.executable).parent / "uv"
    run(uv, "pip", "compile", ROOT / "pyproject.toml", WHEELS_IN,
        "--python-platform", "wasm32-pyodide2025", "--python-version", pyodide_python(),
        "--only-binary", ":all:", "--generate-hashes", "--no-header", "-q",
        *[a for name in KERNEL_PROVIDES for a in ("--no-emit-package", name)],
        "-o", WHEELS_LOCK, cwd=ROOT)
    version = pyodide_version()
    view = run("npm", "view", f"pyodide@{version}", "dist", "--json",
               capture_output=True, text=True)
    dist = json.loads(view.stdout)
    PYODIDE_PIN.write_text(json.dumps(
        {"package": "pyodide", "version": version, "tarball": dist["tarball"],
         "integrity": dist["integrity"]}, indent=2) + "\n")


def pinned_pyodide() -> dict:
    pin = json.loads(PYODIDE_PIN.read_text())
    if pin["version"] != pyodide_version():
        raise LiteError(
            f"{PYODIDE_PIN.name} pins Pyodide {pin['version']} but the installed "
            f"jupyterlite-pyodide-kernel expects {pyodide_version()}: run `make lock`")
    return pin


# -- downloads (cached by their pins) ----------------------------------------------------------

def pyodide_runtime(pin: dict) -> Path:
    """The npm package's tarball, checked against the pinned integrity."""
    tarball = CACHE / f"pyodide-{pin['version']}.tgz"
    if not tarball.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        if shutil.which("npm"):
            run("npm", "pack", f"pyodide@{pin['version']}", "--pack-destination", CACHE,
                capture_output=True)
        else:  # the registry's own file, as npm would fetch it; its integrity checked below
            with urllib.request.urlopen(pin["tarball"], timeout=120) as response:
                tarball.write_bytes(response.read())
    algorithm, _, expected = pin["integrity"].partition("-")
    actual = b64encode(hashlib.new(algorithm, tarball.read_bytes()).digest()).decode()
    if actual != expected:
        tarball.unlink()
        raise LiteError(f"{tarball.name}: {algorithm} {actual} is not the pinned {expected}")
    return tarball


def pinned_wheels() -> list[Path]:
    """Every wheel of tools/lite/wheels.lock, downloaded with its hash checked."""
    folder = CACHE / f"wheels-{sha256(WHEELS_LOCK)[:16]}"
    if not folder.exists():
        partial = folder.with_suffix(".partial")
        shutil.rmtree(partial, ignore_errors=True)
        run(sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check",
            "--no-deps", "--require-hashes", "--only-binary=:all:", "--platform", "any",
            "--implementation", "py", "--abi", "none",
            "--python-version", pyodide_python(),
            "-r", WHEELS_LOCK, "-d", partial)
        partial.rename(folder)
    wheels = sorted(folder.glob("*.whl"))
    impure = [w.name for w in wheels if not w.name.endswith("-none-any.whl")]
    if impure:
        raise LiteError(f"a browser cannot install these wheels: {impure}")
    return wheels


def cardlib_wheel(into: Path) -> Path:
    """cardlib as a pure wheel, built from a copy of the working tree without compiled files."""
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "src"
        ignore = shutil.ignore_patterns("*.so", "*.pyd", "*.c", "__pycache__")
        for name in ["cardlib", "solvers"]:
            shutil.copytree(ROOT / name, source / name, ignore=ignore)
        for name in ["setup.py", "pyproject.toml", "README.md"]:
            shutil.copy2(ROOT / name, source / name)
        run(sys.executable, "-m", "pip", "wheel", "-q", "--disable-pip-version-check",
            "--no-deps", "--no-build-isolation", "-w", into, source,
            env={**os.environ, "CARDLIB_PURE": "1"})
    [wheel] = into.glob("cardlib-*.whl")
    if not wheel.name.endswith("-py3-none-any.whl"):
        raise LiteError(f"{wheel.name} is not pure Python (py3-none-any)")
    return wheel


# -- the site ----------------------------------------------------------------------------------

#: the environment Pyodide's Python reports, to read a wheel's dependency markers as it would
PYODIDE_MARKERS = {
    "sys_platform": "emscripten", "platform_system": "Emscripten", "os_name": "posix",
    "platform_machine": "wasm32", "implementation_name": "cpython",
    "platform_python_implementation": "CPython", "extra": "",
}


def wheel_entry(wheel: Path, shipped: set[str]) -> dict:
    """A pyodide-lock.json entry for ``wheel``: what it is called, what it lets a cell
    import (the kernel loads a package when a cell imports it) and which shipped packages
    it needs, read from the wheel itself."""
    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name, parse_wheel_filename

    name, version, _, _ = parse_wheel_filename(wheel.name)
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        [metadata] = [n for n in names if n.endswith(".dist-info/METADATA")]
        headers = archive.read(metadata).decode()
    tops = {n.split("/")[0] for n in names if "/" in n and n.endswith("/__init__.py")}
    tops |= {n[:-3] for n in names if "/" not in n and n.endswith(".py")}
    markers = {**PYODIDE_MARKERS, "python_version": pyodide_python(),
               "python_full_version": pyodide_python() + ".0"}
    depends = set()
    for line in headers.splitlines():
        if line.startswith("Requires-Dist:"):
            req = Requirement(line.split(":", 1)[1].strip())
            if req.marker is None or req.marker.evaluate(markers):
                depends.add(canonicalize_name(req.name))
    return {"name": name, "version": str(version), "file_name": wheel.name,
            "install_dir": "site", "package_type": "package", "sha256": sha256(wheel),
            "imports": sorted(t for t in tops if t.isidentifier()),
            "depends": sorted(depends & shipped), "unvendored_tests": False}


def ship_pyodide(tarball: Path, wheels: list[Path]) -> None:
    """Unpack the runtime where the Lite build looks for it, with every wheel beside it and
    a lock that names exactly those (Pyodide checks each file's hash against it)."""
    from packaging.utils import canonicalize_name, parse_wheel_filename

    target = WORK / "static" / "pyodide"
    with tarfile.open(tarball) as archive:
        archive.extractall(WORK / "npm", filter="data")
    shutil.copytree(WORK / "npm" / "package", target)
    lock_path = target / "pyodide-lock.json"
    upstream = json.loads(lock_path.read_text())
    shipped = {canonicalize_name(parse_wheel_filename(w.name)[0]): w for w in wheels}
    packages = {}
    for name, wheel in sorted(shipped.items()):
        shutil.copy2(wheel, target / wheel.name)
        packages[name] = wheel_entry(wheel, set(shipped))
    micropip = upstream["packages"]["micropip"]["version"]
    if packages.get("micropip", {}).get("version") != micropip:
        raise LiteError(f"Pyodide {upstream['info']['python']} loads micropip {micropip} first; "
                        "tools/lite/requirements.in must pin it: run `make lock`")
    lock_path.write_text(json.dumps({**upstream, "packages": packages}, indent=1))


def configure(federated: list[Path]) -> None:
    """The Lite project's two config files: what to build, and what the page is told."""
    build_config = {
        "LiteBuildConfig": {
            "apps": ["lab"],
            "contents": ["contents"],
            "ignore_sys_prefix": True,  # only the extensions named here, not the venv's
            "federated_extensions": [str(p) for p in federated],
            "no_sourcemaps": True,
            "source_date_epoch": int(SOURCE_DATE_EPOCH),
            # the results files the notebooks read open as text in the file browser too
            "extra_file_types": {"jsonl": {
                "name": "jsonl", "extensions": [".jsonl"], "fileFormat": "text",
                "mimeTypes": ["text/plain"]}},
        },
    }
    (WORK / "jupyter_lite_config.json").write_text(json.dumps(build_config, indent=2))
    page_config = {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "cardlib",
        # window.jupyterapp: what the browser test drives (open, run all, read outputs)
        "exposeAppInBrowser": True,
        "litePluginSettings": {KERNEL_PLUGIN: {"disablePyPIFallback": True}}}}
    (WORK / "jupyter-lite.json").write_text(json.dumps(page_config, indent=2))
    # every cell in the page, not only those scrolled into view: a lesson scrolls to its
    # table, and a test finds it
    overrides = {"@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"}}
    (WORK / "overrides.json").write_text(json.dumps(overrides, indent=2))


def kernel_extension() -> Path:
    """The Pyodide kernel's front-end, as the pinned Python package installed it."""
    folder = (Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "@jupyterlite"
              / "pyodide-kernel-extension")
    if not (folder / "package.json").exists():
        raise LiteError(f"no Pyodide kernel extension at {folder}: `make install` first")
    return folder


def check_site() -> None:
    """What a rebuild can silently lose: the page's pointer to the local Pyodide, the files
    the shipped lock names, and any address outside the site in the page's config."""
    config = json.loads((OUT / "jupyter-lite.json").read_text())["jupyter-config-data"]
    settings = config["litePluginSettings"][KERNEL_PLUGIN]
    if settings.get("pyodideUrl") != "./static/pyodide/pyodide.mjs":
        raise LiteError(f"jupyter-lite.json: pyodideUrl is {settings.get('pyodideUrl')!r}")
    if settings.get("disablePyPIFallback") is not True:
        raise LiteError("jupyter-lite.json: the kernel may fall back to PyPI")
    lock_json = json.loads((OUT / "static" / "pyodide" / "pyodide-lock.json").read_text())
    for name, entry in lock_json["packages"].items():
        shipped = OUT / "static" / "pyodide" / entry["file_name"]
        if not shipped.exists() or sha256(shipped) != entry["sha256"]:
            raise LiteError(f"pyodide-lock.json names {name} as {entry['file_name']}, "
                            "which the site does not ship with that hash")
    text = json.dumps(config)
    if "http://" in text or "https://" in text:
        raise LiteError("jupyter-lite.json names an address outside the site")
    for path in CONTENTS:
        if not (OUT / "files" / path).is_dir():
            raise LiteError(f"the site lacks files/{path}")
        listing = json.loads((OUT / "api" / "contents" / path / "all.json").read_text())
        untyped = [f["name"] for f in listing["content"]
                   if f["type"] == "file" and not f["mimetype"]]
        if untyped:
            raise LiteError(f"files/{path}: no type for {untyped} (the kernel cannot read them)")


#: ``jupyter lite build``, once Python's mimetypes knows ``.jsonl`` as text: the site's
#: contents index records each file's type, and the kernel's drive reads a file of no type
#: as missing (05, 06 and 08 read ``.jsonl`` results)
LITE_BUILD = """
import mimetypes, sys
mimetypes.add_type("text/plain", ".jsonl")
from jupyterlite_core.app import main
sys.argv[0] = "jupyter-lite"
sys.exit(main())
"""


#: JupyterLite 0.8.6 reads a site file as one JSON document when its extension merely
#: contains "json", so ``.jsonl`` results (one document a line) fail to parse and the kernel
#: finds no such file.  The built contents code is mended to mean ``.json`` alone; the build
#: fails if the pinned code no longer reads so (a new Lite: check whether it is still needed).
JSON_NAME_TEST = ("/\\.(ipynb|[^/]*json[^/]*)$/", "/\\.(ipynb|json)$/")


def mend_jsonl() -> None:
    old, new = JSON_NAME_TEST
    mended = 0
    for bundle in (OUT / "build").glob("*.js"):
        text = bundle.read_text(encoding="utf-8")
        if old in text:
            bundle.write_text(text.replace(old, new), encoding="utf-8")
            mended += text.count(old)
    if mended != 1:
        raise LiteError(f"expected JupyterLite's test of a JSON file name once, found {mended}")


def build(force: bool = False) -> bool:
    """Build the site unless its stamp says the inputs are those it was built from.
    Returns whether it built."""
    stamp = inputs_hash()
    if not force and STAMP.exists() and STAMP.read_text().strip() == stamp:
        print(f"{OUT.relative_to(ROOT)} is up to date")
        return False
    pin = pinned_pyodide()
    tarball = pyodide_runtime(pin)
    wheels = pinned_wheels()
    for folder in (WORK, OUT):  # a rebuild over an old one can drop pyodideUrl: start clean
        shutil.rmtree(folder, ignore_errors=True)
    (WORK / "dist").mkdir(parents=True)
    own = cardlib_wheel(WORK / "dist")
    [widgets] = [w for w in wheels if w.name.startswith("jupyterlab_widgets-")]
    ship_pyodide(tarball, [*wheels, own])
    for path in CONTENTS:
        shutil.copytree(ROOT / path, WORK / "contents" / path,
                        ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    configure([kernel_extension(), widgets])
    run(sys.executable, "-c", LITE_BUILD, "build", "--lite-dir", WORK, "--output-dir", OUT,
        cwd=WORK, env={**os.environ, "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH})
    mend_jsonl()
    check_site()
    STAMP.write_text(stamp + "\n")
    size = sum(p.stat().st_size for p in OUT.rglob("*") if p.is_file())
    print(f"{OUT.relative_to(ROOT)}: {size / 1e6:.1f} MB; serve it with "
          f"`python -m http.server -d {OUT.relative_to(ROOT)}`")
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", nargs="?", default="build", choices=["build", "lock"])
    parser.add_argument("--force", action="store_true", help="rebuild even if up to date")
    args = parser.parse_args(argv)
    try:
        if args.command == "lock":
            lock()
        else:
            build(force=args.force)
    except LiteError as error:
        print(f"make lite: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
