"""`python main.py package [--onefile]`: build the standalone executable with PyInstaller.

The result always has the same top level, so instructions and CI never change:

    dist/nocturne/nocturne        the program (nocturne.exe on Windows)
    dist/nocturne/CREDITS.md      asset licences, readable next to the program
    dist/nocturne/_internal/      one-folder only: Python, libraries, data/, sprites/,
                                  sounds/, fonts/ (in --onefile they are inside the program,
                                  unpacked to a temporary folder at every start)

PyInstaller does not cross-compile: run the same command on Linux, Windows and macOS
to get that platform's build. The spec is `packaging/nocturne.spec` (it can also be
run directly: `pyinstaller packaging/nocturne.spec [-- --onefile]`); the lists it uses
live here so they are tested without PyInstaller (tests/test_packaging.py), and so does
what the program carries: its icon, its Windows version resource, its macOS bundle id.
`package --release` (game/release.py) builds with `build` here, then packs and checks.

Importing this module is cheap and never imports PyInstaller.
"""
from __future__ import annotations

import importlib.util
import io
import os
import posixpath
import shutil
import struct
import subprocess
import sys
import time
from pathlib import Path

from . import manifest

APP = "nocturne"
TITLE = "Nocturne"
APP_BUNDLE = TITLE + ".app"           # macOS only: the spec's BUNDLE
INSTALL_HINT = 'pip install ".[package]"   (or: pip install "pyinstaller>=6")'

# Bundled next to the code, found at run time through game.core.paths.resource_root();
# the files themselves are listed in packaging/manifest.txt (game/manifest.py).
ASSET_DIRS = manifest.ASSET_DIRS
ASSET_FILES = manifest.ASSET_FILES
VERSION_FILE = manifest.VERSION_FILE

# Modules that get pulled in by the analysis but are never used at run time.
# Kept: pygame, yaml, pydantic (+ pydantic_core, typing_extensions, annotated_types),
# platformdirs, and the stdlib the app uses (json, concurrent.futures/multiprocessing
# for `simulate --jobs`, subprocess for `bench`, email/importlib.metadata for pydantic).
EXCLUDES = (
    "numpy",                    # pygame imports it optionally (surfarray/sndarray); +20 MB
    "pytest", "_pytest", "hypothesis", "xdist", "pytest_benchmark", "pluggy", "iniconfig",
    "tkinter", "_tkinter", "turtle", "turtledemo", "idlelib",
    "PyInstaller", "pyinstaller_hooks_contrib", "_pyinstaller_hooks_contrib",
    "altgraph", "macholib", "pefile",
    "setuptools", "pkg_resources", "distutils", "_distutils_hack", "pip", "wheel",
    "pydoc", "pydoc_data", "doctest", "lib2to3", "ensurepip", "venv",
    "pygame.tests", "pygame.examples", "pygame.docs",
    "PIL", "IPython", "matplotlib", "scipy", "pandas",
    "pydantic_settings", "dotenv",
)


# platformdirs imports only its own platform's module; the others just add noise
# (the Windows one makes PyInstaller warn about shell32/ole32 on Linux).
_PLATFORM_EXCLUDES = {
    "win": ("platformdirs.macos", "platformdirs.unix", "platformdirs.android"),
    "darwin": ("platformdirs.windows", "platformdirs.android"),
    "linux": ("platformdirs.windows", "platformdirs.macos"),
}


def excludes(platform: str | None = None) -> list[str]:
    """EXCLUDES plus the platform-specific ones, for this (or the given) platform."""
    platform = platform or sys.platform
    key = "win" if platform.startswith(("win", "cygwin")) else platform if platform == "darwin" else "linux"
    return list(EXCLUDES) + list(_PLATFORM_EXCLUDES[key])


def source_root() -> Path:
    """The repository: the folder holding main.py, game/ and the asset folders."""
    return Path(__file__).resolve().parents[1]


def exe_name(platform: str | None = None) -> str:
    platform = platform or sys.platform
    return APP + (".exe" if platform.startswith(("win", "cygwin")) else "")


def _wanted(path: Path) -> bool:
    return manifest.wanted(path.name)


class ManifestError(Exception):
    """packaging/manifest.txt and the tree disagree: the build would ship the wrong files."""

    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


def check_manifest(root: Path | None = None) -> None:
    """Raise ManifestError when packaging/manifest.txt and the tree disagree (the spec
    and `build` ask this before bundling)."""
    problems = manifest.problems(Path(root or source_root()))
    if problems:
        raise ManifestError(problems)


def bundle_datas(root: Path | None = None) -> list[tuple[str, str]]:
    """PyInstaller `datas`: (source file, destination folder inside the bundle), one per
    file listed in packaging/manifest.txt, plus the manifest itself (the frozen self-test
    checks the bundle against it). Destinations mirror the source tree."""
    root = Path(root or source_root())
    out = [(str(root / path), posixpath.dirname(path) or ".") for path in manifest.read(root)]
    out.append((str(root / manifest.MANIFEST), posixpath.dirname(manifest.MANIFEST)))
    return out


def missing_assets(root: Path | None = None) -> list[str]:
    root = Path(root or source_root())
    missing = [d + "/" for d in ASSET_DIRS if not (root / d).is_dir()]
    missing += [f for f in ASSET_FILES if not (root / f).is_file()]
    return missing


def hidden_imports(root: Path | None = None) -> list[str]:
    """Every module of the `game` package. The games are imported by name strings
    (registry.GAME_MODULES and GameSpec.table "module:Class"), which PyInstaller's
    analysis cannot see, so the whole package is listed (found from the files, without
    importing anything)."""
    root = Path(root or source_root())
    pkg = root / "game"
    names: list[str] = []
    for folder, dirs, files in os.walk(pkg):
        here = Path(folder)
        dirs[:] = sorted(d for d in dirs if _wanted(Path(d)) and (here / d / "__init__.py").is_file())
        parts = here.relative_to(root).parts
        for f in sorted(files):
            if not f.endswith(".py") or not _wanted(Path(f)):
                continue
            stem = f[:-3]
            names.append(".".join(parts if stem == "__init__" else parts + (stem,)))
    names += registry_modules(root)
    return sorted(set(names))


def registry_modules(root: Path | None = None) -> list[str]:
    """The game packages named in game/registry.py's GAME_MODULES (read from the
    file, so a game that fails to import still gets listed and reports its own error)."""
    import ast
    root = Path(root or source_root())
    tree = ast.parse((root / "game" / "registry.py").read_text(encoding="utf-8"))
    for node in tree.body:
        target = node.targets[0] if isinstance(node, ast.Assign) and len(node.targets) == 1 else \
            node.target if isinstance(node, ast.AnnAssign) else None
        if isinstance(target, ast.Name) and target.id == "GAME_MODULES":
            return [v for v in ast.literal_eval(node.value).values()]
    return []


# -- what the program carries: its icon, its version resource, its macOS bundle id -------------
BUNDLE_ID = "org.nocturne.tabletop"


def numeric_version(version: str) -> tuple[int, int, int, int]:
    """The four numbers a Windows version resource wants ("0.2.0rc1" -> (0, 2, 0, 0))."""
    numbers = []
    for part in version.split(".")[:4]:
        digits = ""
        for ch in part:
            if not ch.isdigit():
                break
            digits += ch
        numbers.append(int(digits) if digits else 0)
    return tuple((numbers + [0, 0, 0, 0])[:4])


def windows_version_text(version: str) -> str:
    """A PyInstaller version-resource file (the text form PyInstaller's `version=` reads)."""
    nums = numeric_version(version)
    strings = {
        "CompanyName": "Nocturne",
        "FileDescription": f"{TITLE}: a desktop tabletop for five dark games",
        "FileVersion": version,
        "InternalName": APP,
        "LegalCopyright": "MIT licence; art and sounds: see CREDITS.md",
        "OriginalFilename": f"{APP}.exe",
        "ProductName": TITLE,
        "ProductVersion": version,
    }
    table = ",\n          ".join(f"StringStruct({k!r}, {v!r})" for k, v in strings.items())
    return f"""# UTF-8
VSVersionInfo(
  ffi=FixedFileInfo(
    filevers={nums!r},
    prodvers={nums!r},
    mask=0x3f,
    flags=0x0,
    OS=0x40004,
    fileType=0x1,
    subtype=0x0,
    date=(0, 0)
  ),
  kids=[
    StringFileInfo([
      StringTable(
        '040904B0',
        [{table}])
    ]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""


def write_windows_version(version: str, out: Path) -> Path:
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(windows_version_text(version), encoding="utf-8")
    return out


# ICNS entries holding PNG data: type -> pixel size (the @2x types hold twice the points).
ICNS_PNG_TYPES = (("ic07", 128), ("ic08", 256), ("ic09", 512), ("ic13", 256), ("ic14", 512))


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """An Apple .icns file from PNG images by pixel size (sizes without a PNG are left
    out). Modern macOS reads PNG data in these entries directly."""
    body = b""
    for kind, size in ICNS_PNG_TYPES:
        png = pngs.get(size)
        if png is not None:
            body += kind.encode("ascii") + struct.pack(">I", len(png) + 8) + png
    if not body:
        raise ValueError("no PNG of a size an .icns holds (128, 256 or 512 px)")
    return b"icns" + struct.pack(">I", len(body) + 8) + body


def _scaled_png(source: Path, size: int) -> bytes | None:
    """`source` scaled to size x size as PNG bytes (pygame), or None without pygame."""
    try:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame
        image = pygame.image.load(str(source))
        buf = io.BytesIO()
        pygame.image.save(pygame.transform.smoothscale(image, (size, size)), buf, "icon.png")
        return buf.getvalue()
    except Exception:       # noqa: BLE001 - the 128 px entry is optional
        return None


def write_icns(root: Path, out: Path) -> Path:
    """The macOS icon, made at build time from sprites/app_icon.png (512) and
    sprites/app_icon_256.png, plus a 128 px copy when pygame can scale one."""
    sprites = Path(root) / "sprites"
    pngs = {512: (sprites / "app_icon.png").read_bytes()}
    if (sprites / "app_icon_256.png").is_file():
        pngs[256] = (sprites / "app_icon_256.png").read_bytes()
    small = _scaled_png(sprites / "app_icon.png", 128)
    if small:
        pngs[128] = small
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(icns_bytes(pngs))
    return out


def icon_file(root: Path | None = None, platform: str | None = None,
              workdir: Path | None = None) -> str | None:
    """The executable's icon: sprites/app_icon.ico on Windows; on macOS an .icns made
    from the committed PNGs into `workdir` (write_icns), or a committed
    sprites/app_icon.icns. Linux executables carry no icon: the window's icon is set by
    the app from sprites/app_icon.png, and a release ships a .desktop file and a PNG."""
    root = Path(root or source_root())
    platform = platform or sys.platform
    sprites = root / "sprites"
    if platform.startswith(("win", "cygwin")):
        ico = sprites / "app_icon.ico"
        return str(ico) if ico.is_file() else None
    if platform != "darwin":
        return None
    if (sprites / "app_icon.icns").is_file():
        return str(sprites / "app_icon.icns")
    if workdir is not None and (sprites / "app_icon.png").is_file():
        return str(write_icns(root, Path(workdir) / "app_icon.icns"))
    return None


def dir_size(path: Path) -> int:
    path = Path(path)
    if path.is_file():
        return path.stat().st_size
    total = 0
    for folder, _dirs, files in os.walk(path):
        for f in files:
            p = os.path.join(folder, f)
            if not os.path.islink(p):
                total += os.path.getsize(p)
    return total


def format_mb(size: int) -> str:
    return f"{size / 1_000_000:.1f} MB"


def shown_path(path: Path) -> str:
    path = Path(path).resolve()
    try:
        return str(path.relative_to(Path.cwd().resolve()))
    except ValueError:          # outside the current folder: show it in full
        return str(path)


def pyinstaller_version() -> tuple[int, ...] | None:
    if importlib.util.find_spec("PyInstaller") is None:
        return None
    try:
        from importlib.metadata import version
        dist_name = "".join(["pyin", "staller"])   # not a literal: PyInstaller would bundle its metadata
        return tuple(int(p) for p in version(dist_name).split(".")[:2] if p.isdigit())
    except Exception:
        return (0,)


def pyinstaller_command(onefile: bool, distpath: Path, workpath: Path,
                        root: Path | None = None) -> list[str]:
    root = Path(root or source_root())
    cmd = [sys.executable, "-m", "PyInstaller", str(root / "packaging" / "nocturne.spec"),
           "--noconfirm", "--log-level", "WARN",
           "--distpath", str(distpath), "--workpath", str(workpath)]
    if onefile:
        cmd += ["--", "--onefile"]
    return cmd


def _err(message: str) -> None:
    print(f"nocturne: {message}", file=sys.stderr)


# PyInstaller's build steps, in the order its log announces them ("Building PYZ …");
# a terminal shows them as a bar (count and time left), anything else PyInstaller's own log.
BUILD_STEPS = ("Analysis", "PYZ", "PKG", "EXE", "COLLECT")


def build_step(line: str, onefile: bool) -> str | None:
    """The build step a PyInstaller log line starts, if it starts one."""
    for step in BUILD_STEPS:
        if f"Building {step}" in line and not (onefile and step == "COLLECT"):
            return step
    return None


def _run_pyinstaller(cmd, root, env, onefile: bool) -> int:
    from .progress import Progress, on_terminal
    if not on_terminal():
        return subprocess.run(cmd, cwd=root, env=env).returncode
    steps = len(BUILD_STEPS) - (1 if onefile else 0)
    cmd = [("INFO" if a == "WARN" and cmd[i - 1] == "--log-level" else a) for i, a in enumerate(cmd)]
    log: list[str] = []                # INFO lines name the steps; they are kept, not shown
    with subprocess.Popen(cmd, cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, errors="replace") as proc:
        bar = Progress(total=steps, what="steps")
        seen: set[str] = set()
        try:
            for line in proc.stdout:
                log.append(line)
                step = build_step(line, onefile)
                if step is not None and step not in seen:     # each step names itself several times
                    seen.add(step)
                    bar.step(step)
        finally:
            bar.close()
        rc = proc.wait()
    if rc != 0:                        # the messages matter only when it failed
        sys.stderr.writelines(log[-60:])
    return rc


def build(onefile: bool = False, dist: Path | str | None = None, work: Path | str | None = None,
          smoke: bool = True) -> int:
    """Build dist/nocturne/ (or `dist`/nocturne/). Returns an exit code: 0 built,
    1 the build failed, 2 it cannot start (no PyInstaller, not run from the source tree)."""
    if getattr(sys, "frozen", False):
        _err("`package` works from the source tree: run `python main.py package` there")
        return 2
    version = pyinstaller_version()
    if version is None:
        _err(f"packaging needs PyInstaller, which is not installed. Install it with:\n    {INSTALL_HINT}")
        return 2
    if version < (6, 0):
        _err(f"packaging needs PyInstaller 6 or newer (found {'.'.join(map(str, version))}). "
             f"Upgrade with:\n    {INSTALL_HINT}")
        return 2
    root = source_root()
    missing = missing_assets(root)
    if missing:
        _err(f"cannot package: missing {', '.join(missing)} in {root}")
        return 1
    problems = manifest.problems(root)
    if problems:
        _err("cannot package: the manifest of shipped files and the tree disagree:\n    "
             + "\n    ".join(problems))
        return 1

    dist = Path(dist) if dist else root / "dist"
    work = Path(work) if work else root / "build" / "pyinstaller"
    dist, work = dist.resolve(), work.resolve()
    stage = work / "stage"                     # build here, then swap into dist/ on success
    shutil.rmtree(stage, ignore_errors=True)
    mode = "one-file" if onefile else "one-folder"
    print(f"packaging Nocturne ({mode}) with PyInstaller {'.'.join(map(str, version))} "
          f"for {sys.platform}; this takes a little while…", flush=True)
    t0 = time.perf_counter()
    cmd = pyinstaller_command(onefile, stage, work, root)
    env = {**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    try:
        rc = _run_pyinstaller(cmd, root, env, onefile)
    except OSError as exc:
        _err(f"cannot run PyInstaller: {exc}")
        return 1
    built = stage / APP
    exe = built / exe_name()
    if rc != 0 or not exe.is_file():
        _err(f"PyInstaller failed (exit code {rc}); see its messages above")
        return 1

    final = dist / APP
    dist.mkdir(parents=True, exist_ok=True)
    old = dist / f".{APP}.old"
    shutil.rmtree(old, ignore_errors=True)
    if final.is_dir():
        final.rename(old)
    elif final.exists():
        final.unlink()
    shutil.move(str(built), str(final))
    shutil.rmtree(old, ignore_errors=True)
    if (stage / APP_BUNDLE).is_dir():          # macOS: the .app made from the same folder
        shutil.rmtree(dist / APP_BUNDLE, ignore_errors=True)
        shutil.move(str(stage / APP_BUNDLE), str(dist / APP_BUNDLE))
    shutil.rmtree(stage, ignore_errors=True)
    exe = final / exe_name()
    seconds = time.perf_counter() - t0

    if smoke:
        check = subprocess.run([str(exe), "validate-data"], env={**env, "SDL_VIDEODRIVER": "dummy",
                               "SDL_AUDIODRIVER": "dummy"}, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True, errors="replace")
        if check.returncode != 0:
            print(f"warning: the built program's `validate-data` exited {check.returncode}:\n"
                  + check.stderr.strip(), file=sys.stderr)

    print(f"built {shown_path(exe)} ({mode}, {format_mb(dir_size(final))} in {shown_path(final)}"
          f"{os.sep}) in {seconds:.0f} s")
    print(f"run it: {shown_path(exe)}    check it: {shown_path(exe)} self-test")
    return 0
