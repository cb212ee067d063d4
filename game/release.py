"""`python main.py package --release`: the one-folder build, packed the way a player
downloads it, with its SHA-256 sum, and checked like a player runs it.

On each system it makes, in dist/:

    nocturne-<version>-linux-x86_64.tar.gz     nocturne/ (the program, nocturne.desktop,
                                               nocturne.png, CREDITS.md, _internal/)
    nocturne-<version>-windows-x86_64.zip      nocturne/nocturne.exe (icon and version
                                               resource) and its _internal/
    nocturne-<version>-macos-arm64.zip         Nocturne.app (an .icns icon, the version
                                               in its Info.plist)

each with `<archive>.sha256` (the `sha256sum` format). Then it unpacks the archive into a
temporary folder and runs the program from there in a clean environment (a fresh home,
no Python, SDL's dummy drivers): `--version` must print this version, `self-test` must
pass, and the unpacked folder must be left exactly as it was (saves and settings go to
the user's folders). It prints how fast the unpacked program reaches its menu.

The release workflow (.github/workflows/release.yml) runs this same command on each
system; docs/RELEASING.md says how a release is cut.
"""
from __future__ import annotations

import hashlib
import os
import platform as _platform
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

from . import packaging
from .packaging import APP, APP_BUNDLE, TITLE

SIZE_LIMIT = 120_000_000            # bytes: the largest archive we are willing to ship
SELF_TEST_TIMEOUT = 300             # seconds
DESKTOP_FILE = f"{APP}.desktop"
DESKTOP_ICON = f"{APP}.png"


# -- names ---------------------------------------------------------------------------------
def system_name(platform: str | None = None) -> str:
    platform = platform or sys.platform
    if platform.startswith(("win", "cygwin")):
        return "windows"
    return "macos" if platform == "darwin" else "linux"


def arch_name(machine: str | None = None, platform: str | None = None) -> str:
    """The CPU as release names spell it: x86_64 everywhere; arm64 on macOS and
    Windows, aarch64 on Linux."""
    machine = (machine if machine is not None else _platform.machine()).lower()
    if machine in ("x86_64", "amd64", "x64"):
        return "x86_64"
    if machine in ("arm64", "aarch64"):
        return "aarch64" if system_name(platform) == "linux" else "arm64"
    return machine or "unknown"


def archive_name(version: str, platform: str | None = None, machine: str | None = None) -> str:
    system = system_name(platform)
    suffix = ".tar.gz" if system == "linux" else ".zip"
    return f"{APP}-{version}-{system}-{arch_name(machine, platform)}{suffix}"


# -- what a Linux release carries beside the program: its desktop entry ----------------------
def _taglines(root: Path) -> dict[str, str]:
    """about.tagline of each app locale file, by language code."""
    import yaml
    out = {}
    for path in sorted((Path(root) / "data" / "locale").glob("*.yaml")):
        try:
            words = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
            line = words.get("about", {}).get("tagline")
        except (OSError, yaml.YAMLError, AttributeError):
            continue
        if isinstance(line, str) and line.strip():
            out[path.stem] = " ".join(line.split())
    return out


def desktop_entry(root: Path) -> str:
    """A freedesktop.org menu entry; Exec and Icon are names, found once the player
    links the program into ~/.local/bin and copies the icon (docs/INSTALL.md)."""
    taglines = _taglines(root)
    lines = ["[Desktop Entry]", "Type=Application", f"Name={TITLE}",
             f"Comment={taglines.get('en', 'A desktop tabletop for five dark games.')}"]
    lines += [f"Comment[{code}]={text}" for code, text in sorted(taglines.items()) if code != "en"]
    lines += [f"Exec={APP}", f"Icon={APP}", "Terminal=false", "Categories=Game;BoardGame;",
              "StartupNotify=true", f"StartupWMClass={APP}"]
    return "\n".join(lines) + "\n"


def add_desktop_entry(folder: Path, root: Path) -> None:
    """Put nocturne.desktop and its 256 px icon beside the Linux program."""
    folder = Path(folder)
    (folder / DESKTOP_FILE).write_text(desktop_entry(root), encoding="utf-8", newline="\n")
    shutil.copy2(Path(root) / "sprites" / "app_icon_256.png", folder / DESKTOP_ICON)


# -- archives and sums ---------------------------------------------------------------------
def _tar_entry(info: tarfile.TarInfo) -> tarfile.TarInfo:
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    return info


def make_archive(dist: Path, version: str, platform: str | None = None) -> Path:
    """Pack dist/nocturne/ (dist/Nocturne.app on macOS) into dist/<archive_name>."""
    dist = Path(dist)
    platform = platform or sys.platform
    out = dist / archive_name(version, platform)
    out.unlink(missing_ok=True)
    system = system_name(platform)
    if system == "linux":
        with tarfile.open(out, "w:gz", compresslevel=6) as tar:
            tar.add(dist / APP, arcname=APP, filter=_tar_entry)
    elif system == "macos":
        # ditto keeps the bundle's symlinks, modes and signatures; zipfile would not
        subprocess.run(["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent",
                        str(dist / APP_BUNDLE), str(out)], check=True)
    else:
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as zf:
            for path in sorted((dist / APP).rglob("*")):
                zf.write(path, Path(APP, path.relative_to(dist / APP)).as_posix())
    return out


def sha256_of(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def write_sha256(archive: Path) -> Path:
    """`<archive>.sha256`, one line as `sha256sum` writes it (`sha256sum -c` checks it)."""
    archive = Path(archive)
    out = archive.with_name(archive.name + ".sha256")
    out.write_text(f"{sha256_of(archive)}  {archive.name}\n", encoding="utf-8", newline="\n")
    return out


# -- checked like a player runs it ---------------------------------------------------------
def clean_env(home: Path) -> dict:
    """Like `env -i PATH=/usr/bin:/bin HOME=...` plus SDL's dummy drivers: no Python, no
    virtualenv, no repository. Windows cannot start a program without a few more."""
    home = Path(home)
    env = {"PATH": "/usr/bin:/bin", "HOME": str(home),
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    if sys.platform.startswith(("win", "cygwin")):
        env.update({"PATH": os.environ.get("PATH", ""), "SYSTEMROOT": os.environ.get("SYSTEMROOT", ""),
                    "USERPROFILE": str(home), "APPDATA": str(home / "AppData"),
                    "LOCALAPPDATA": str(home / "AppData" / "Local"), "TEMP": str(home),
                    "TMP": str(home)})
    return env


def unpack(archive: Path, dest: Path, platform: str | None = None) -> Path:
    """Unpack a release archive into `dest`; returns the program to run."""
    archive, dest = Path(archive), Path(dest)
    system = system_name(platform)
    if system == "linux":
        with tarfile.open(archive, "r:gz") as tar:
            if hasattr(tarfile, "data_filter"):
                tar.extractall(dest, filter="data")
            else:                                        # Python before 3.11.4
                tar.extractall(dest)
        return dest / APP / packaging.exe_name("linux")
    if system == "macos":
        subprocess.run(["ditto", "-x", "-k", str(archive), str(dest)], check=True)
        return dest / APP_BUNDLE / "Contents" / "MacOS" / APP
    with zipfile.ZipFile(archive) as zf:
        zf.extractall(dest)
    return dest / APP / packaging.exe_name("win32")


def install_folder(exe: Path, platform: str | None = None) -> Path:
    """The folder a player unpacked: nocturne/, or Nocturne.app on macOS."""
    exe = Path(exe)
    return exe.parents[2] if system_name(platform) == "macos" else exe.parent


def snapshot(folder: Path) -> dict:
    """Every path under `folder` with its size and time: a change means a write."""
    out = {}
    for path in Path(folder).rglob("*"):
        st = path.lstat()
        out[path.relative_to(folder).as_posix()] = (st.st_size, st.st_mtime_ns)
    return out


def startup_seconds(exe: Path, env: dict, cwd: Path, runs: int = 3) -> float:
    """The best of `runs` starts to the first interactive menu frame (SDL dummy driver)."""
    best = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run([str(exe), "play", "--exit-after-first-frame"], env=env, cwd=cwd,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60, check=True)
        best = min(best, time.perf_counter() - t0)
    return best


def _run(exe: Path, arg: str, home: Path, timeout: float):
    """The program with one argument in a clean environment: (stdout, stderr, exit code);
    a program that hangs counts as exit code None."""
    try:
        out = subprocess.run([str(exe), arg], env=clean_env(home), cwd=home, capture_output=True,
                             text=True, errors="replace", timeout=timeout)
    except subprocess.TimeoutExpired:
        return "", f"still running after {timeout:.0f} s", None
    return out.stdout, out.stderr, out.returncode


def check_program(exe: Path, version: str, home: Path) -> list[str]:
    """Run an unpacked program like a player: `--version`, then `self-test`, in a clean
    environment with `home` as the home folder. Returns what went wrong ([] when fine)."""
    problems = []
    stdout, stderr, code = _run(exe, "--version", home, 60)
    if code != 0 or stdout.strip() != f"{TITLE} {version}":
        problems.append(f"`--version` printed {stdout.strip()!r} (exit {code}), "
                        f"not {TITLE} {version!r}: {stderr.strip()[-500:]}")
    stdout, stderr, code = _run(exe, "self-test", home, SELF_TEST_TIMEOUT)
    summary = [line for line in stdout.splitlines() if line.startswith("self-test:")]
    if code != 0 or not summary or not summary[-1].endswith(" 0 failed"):
        failed = [line for line in stdout.splitlines() if line.startswith("FAIL")]
        problems.append("the unpacked program's self-test failed: "
                        + "; ".join(failed or summary or [stderr.strip()[-800:] or f"exit {code}"]))
    return problems


def changed_paths(before: dict, after: dict) -> list[str]:
    """Paths added, removed or changed between two snapshots."""
    return sorted(set(before) ^ set(after) | {path for path in after if before.get(path) != after[path]})


def verify(archive: Path, version: str, startup_runs: int = 3) -> tuple[list[str], float | None]:
    """Unpack `archive` into a temporary folder and check it (check_program); the
    unpacked folder must stay as it was. Returns (problems, the best start-up seconds
    of `startup_runs`)."""
    archive = Path(archive)
    problems = []
    if archive.stat().st_size > SIZE_LIMIT:
        problems.append(f"{archive.name} is {packaging.format_mb(archive.stat().st_size)}, over the "
                        f"{packaging.format_mb(SIZE_LIMIT)} limit")
    with tempfile.TemporaryDirectory(prefix="nocturne-release-") as tmp:
        tmp = Path(tmp)
        exe = unpack(archive, tmp / "unpacked")
        if not exe.is_file():
            return problems + [f"{archive.name} holds no {exe.relative_to(tmp / 'unpacked')}"], None
        home = tmp / "home"
        home.mkdir()
        folder = install_folder(exe)
        before = snapshot(folder)
        problems += check_program(exe, version, home)
        changed = changed_paths(before, snapshot(folder))
        if changed:
            problems.append("the program wrote into its install folder: " + ", ".join(changed[:5]))
        try:
            seconds = startup_seconds(exe, clean_env(home), home, runs=startup_runs)
        except (subprocess.SubprocessError, OSError) as exc:
            problems.append(f"the unpacked program did not start to its menu: {exc}")
            seconds = None
    return problems, seconds


def release(dist: Path | str | None = None, work: Path | str | None = None, check: bool = True) -> int:
    """Build, pack, sum and (with `check`) verify a release archive. An exit code."""
    from .core.version import app_version
    rc = packaging.build(onefile=False, dist=dist, work=work, smoke=False)
    if rc != 0:
        return rc
    root = packaging.source_root()
    dist = Path(dist).resolve() if dist else root / "dist"
    version = app_version()
    if system_name() == "linux":
        add_desktop_entry(dist / APP, root)
    archive = make_archive(dist, version)
    sums = write_sha256(archive)
    print(f"packed {packaging.shown_path(archive)} ({packaging.format_mb(archive.stat().st_size)}) "
          f"and {sums.name}")
    if not check:
        return 0
    print("checking the archive like a player: unpacked, clean environment, self-test…", flush=True)
    problems, seconds = verify(archive, version)
    for problem in problems:
        print(f"nocturne: {problem}", file=sys.stderr)
    if problems:
        return 1
    print(f"checked: the unpacked {archive.name} prints version {version}, passes its self-test "
          f"and writes nothing beside itself; it reaches its menu in {seconds:.2f} s "
          f"(best of 3, SDL dummy driver)")
    return 0
