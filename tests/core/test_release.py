"""`package --release` without PyInstaller: archive names, the Windows version resource,
the macOS icon, the Linux menu entry, the archive and its sum, and the check of an
unpacked program (run here on a stand-in program). The real build is checked once, in
tests/core/test_packaging.py's slow test."""
import configparser
import hashlib
import os
import struct
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from game import packaging, release
from game.core.version import app_version

ROOT = Path(__file__).resolve().parents[2]


def test_archive_names_say_version_system_and_cpu():
    assert release.archive_name("0.2.0", "linux", "x86_64") == "nocturne-0.2.0-linux-x86_64.tar.gz"
    assert release.archive_name("0.2.0", "win32", "AMD64") == "nocturne-0.2.0-windows-x86_64.zip"
    assert release.archive_name("0.2.0", "darwin", "arm64") == "nocturne-0.2.0-macos-arm64.zip"
    assert release.archive_name("0.2.0", "darwin", "x86_64") == "nocturne-0.2.0-macos-x86_64.zip"
    assert release.archive_name("1.0.0", "linux", "aarch64") == "nocturne-1.0.0-linux-aarch64.tar.gz"


class _Recorded:
    """Stands in for PyInstaller's version-resource classes where they cannot be
    imported (they need pefile, which PyInstaller installs on Windows only)."""

    def __init__(self, *args, **kwargs):
        self.args, self.kwargs = args, kwargs


def _version_classes() -> dict:
    try:
        from PyInstaller.utils.win32 import versioninfo
        return vars(versioninfo)
    except ImportError:
        names = ("VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable", "StringStruct",
                 "VarFileInfo", "VarStruct")
        return {name: type(name, (_Recorded,), {}) for name in names}


def _version_strings(info) -> dict:
    if isinstance(info, _Recorded):
        table = info.kwargs["kids"][0].args[0][0]
        return {s.args[0]: s.args[1] for s in table.args[1]}
    return {s.name: s.val for s in info.kids[0].kids[0].kids}


def test_windows_version_resource_carries_the_version():
    assert packaging.numeric_version("0.2.0") == (0, 2, 0, 0)
    assert packaging.numeric_version("1.10.3rc1") == (1, 10, 3, 0)
    assert packaging.numeric_version("2") == (2, 0, 0, 0)
    text = packaging.windows_version_text("0.2.0")
    info = eval(text, dict(_version_classes()))         # how PyInstaller reads the file
    strings = _version_strings(info)
    assert strings["ProductName"] == "Nocturne" and strings["ProductVersion"] == "0.2.0"
    assert strings["FileVersion"] == "0.2.0" and strings["OriginalFilename"] == "nocturne.exe"
    if isinstance(info, _Recorded):
        assert info.kwargs["ffi"].kwargs["filevers"] == (0, 2, 0, 0)
    else:
        assert info.ffi.fileVersionMS == (0 << 16) | 2 and info.ffi.fileVersionLS == 0


def _icns_entries(data: bytes) -> dict:
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    entries, at = {}, 8
    while at < len(data):
        kind, size = data[at:at + 4].decode(), struct.unpack(">I", data[at + 4:at + 8])[0]
        entries[kind] = data[at + 8:at + size]
        at += size
    assert at == len(data)
    return entries


def test_the_macos_icon_is_made_from_the_committed_pngs(tmp_path):
    out = packaging.write_icns(ROOT, tmp_path / "app_icon.icns")
    entries = _icns_entries(out.read_bytes())
    assert {"ic08", "ic09", "ic13", "ic14"} <= set(entries)
    assert entries["ic09"] == (ROOT / "sprites" / "app_icon.png").read_bytes()
    assert entries["ic08"] == (ROOT / "sprites" / "app_icon_256.png").read_bytes()
    for png in entries.values():
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
    if "ic07" in entries:                               # scaled by pygame when it is there
        assert struct.unpack(">II", entries["ic07"][16:24]) == (128, 128)
    with pytest.raises(ValueError):
        packaging.icns_bytes({64: b"x"})
    assert packaging.icon_file(ROOT, "darwin", workdir=tmp_path / "w") == str(tmp_path / "w" / "app_icon.icns")
    assert packaging.icon_file(ROOT, "win32").endswith("app_icon.ico")


def test_the_linux_menu_entry_names_the_program_in_each_language(tmp_path):
    folder = tmp_path / "nocturne"
    folder.mkdir()
    release.add_desktop_entry(folder, ROOT)
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str
    parser.read(folder / "nocturne.desktop", encoding="utf-8")
    entry = parser["Desktop Entry"]
    assert entry["Type"] == "Application" and entry["Name"] == "Nocturne"
    assert entry["Exec"] == "nocturne" and entry["Icon"] == "nocturne" and entry["Terminal"] == "false"
    assert entry["Comment"] == "A desktop tabletop for five dark games."
    assert entry["Comment[cs]"] == "Stůl na počítači pro pět temných her."
    assert (folder / "nocturne.png").read_bytes() == (ROOT / "sprites" / "app_icon_256.png").read_bytes()


# -- archives, sums and the check, on a stand-in program -------------------------------------
STAND_IN = """#!/bin/sh
# A stand-in for the frozen program: answers like it does.
case "$1" in
  --version) echo "Nocturne {version}" ;;
  self-test) echo "ok   shipped files"; {self_test} ;;
  play) mkdir -p "$HOME/.local/share/Nocturne" ;;
esac
"""


def _fake_dist(tmp_path: Path, self_test: str = 'echo "self-test: 1 passed, 0 failed"') -> Path:
    dist = tmp_path / "dist"
    program = dist / "nocturne" / "nocturne"
    (program.parent / "_internal" / "data").mkdir(parents=True)
    (program.parent / "_internal" / "data" / "dice.yaml").write_text("dice: {}\n")
    program.write_text(STAND_IN.format(version=app_version(), self_test=self_test))
    program.chmod(0o755)
    return dist


def test_archive_and_its_sum(tmp_path):
    dist = _fake_dist(tmp_path)
    archive = release.make_archive(dist, "0.2.0", "linux")
    assert archive.name == release.archive_name("0.2.0", "linux")
    with tarfile.open(archive) as tar:
        names = tar.getnames()
        assert "nocturne/nocturne" in names and "nocturne/_internal/data/dice.yaml" in names
        assert all(m.uid == 0 and m.uname == "" for m in tar.getmembers())
        if os.name == "posix":                             # Windows files have no exec bits
            assert tar.getmember("nocturne/nocturne").mode & 0o111
    sums = release.write_sha256(archive)
    assert sums.name == archive.name + ".sha256"
    digest = hashlib.sha256(archive.read_bytes()).hexdigest()
    assert sums.read_text() == f"{digest}  {archive.name}\n"          # `sha256sum -c` reads this
    zipped = release.make_archive(dist, "0.2.0", "win32")
    with zipfile.ZipFile(zipped) as zf:
        assert "nocturne/nocturne" in zf.namelist()
    assert zipped.name == release.archive_name("0.2.0", "win32")


needs_sh = pytest.mark.skipif(sys.platform.startswith("win") or not os.path.exists("/bin/sh"),
                              reason="the stand-in program is a POSIX shell script")


@needs_sh
@pytest.mark.skipif(sys.platform == "darwin", reason="macOS archives hold Nocturne.app")
def test_a_good_archive_passes_the_check(tmp_path):
    archive = release.make_archive(_fake_dist(tmp_path), app_version())
    problems, seconds = release.verify(archive, app_version())
    assert problems == [] and seconds is not None and seconds < 60


@needs_sh
@pytest.mark.skipif(sys.platform == "darwin", reason="macOS archives hold Nocturne.app")
def test_the_check_names_a_failed_self_test_a_wrong_version_and_a_write_beside_the_program(tmp_path):
    failing = ('echo "FAIL shipped files: 1 of 9 shipped files missing: fonts/x.ttf"; '
               'echo "self-test: 0 passed, 1 failed"; touch "$(dirname "$0")/settings.json"; exit 1')
    archive = release.make_archive(_fake_dist(tmp_path, failing), app_version())
    problems, _seconds = release.verify(archive, "9.9.9")
    text = "\n".join(problems)
    assert "`--version` printed" in text and "not Nocturne '9.9.9'" in text
    assert "self-test failed: FAIL shipped files: 1 of 9 shipped files missing: fonts/x.ttf" in text
    assert "wrote into its install folder: settings.json" in text


def test_clean_env_has_no_python_and_a_fresh_home(tmp_path):
    env = release.clean_env(tmp_path)
    assert env["HOME"] == str(tmp_path) and env["SDL_VIDEODRIVER"] == "dummy"
    assert not any(key.startswith(("PYTHON", "VIRTUAL_ENV", "NOCTURNE")) for key in env)
    if not sys.platform.startswith("win"):
        assert env["PATH"] == "/usr/bin:/bin"


def test_release_and_onefile_are_one_or_the_other(capsys):
    from game import cli
    with pytest.raises(SystemExit) as stop:
        cli.main(["package", "--release", "--onefile"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "not allowed with" in err and "Traceback" not in err


@needs_sh
@pytest.mark.skipif(sys.platform == "darwin", reason="macOS archives hold Nocturne.app")
def test_a_self_test_that_hangs_is_a_problem_not_a_traceback(tmp_path, monkeypatch):
    monkeypatch.setattr(release, "SELF_TEST_TIMEOUT", 1)
    archive = release.make_archive(_fake_dist(tmp_path, "exec sleep 5"), app_version())
    problems, _seconds = release.verify(archive, app_version())
    assert problems == ["the unpacked program's self-test failed: still running after 1 s"], problems
