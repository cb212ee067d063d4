"""Each test runs with its own empty user folder (tests/conftest.py `user_home`): the
same test run several times in one process finds nothing the earlier runs wrote (a save,
a replay, the settings, a saved Company), so without the per-test folder the second run
fails. Three runs on at most two xdist workers put two in one process."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.core import paths


def _files(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file())


@pytest.mark.parametrize("turn", range(3))
def test_every_test_starts_with_an_empty_user_folder(turn, user_home, tmp_path):
    from game.games.ordeals.recruit import saved_companies_path
    from game.ui.scenes.savefiles import replays_dir, saves_dir
    from game.ui.settings import Settings, default_path
    home = Path(os.environ["NOCTURNE_HOME"])
    assert home == user_home and not home.is_relative_to(tmp_path)
    data, config = paths.user_data_dir(), paths.user_config_dir()
    assert data.is_relative_to(home) and config.is_relative_to(home)
    assert _files(data) == [] and _files(config) == [], "a file another test wrote is visible here"
    saves_dir().mkdir(parents=True, exist_ok=True)
    replays_dir().mkdir(parents=True, exist_ok=True)
    (saves_dir() / "good.json").write_text("{}", encoding="utf-8")
    (replays_dir() / "r.json").write_text("{}", encoding="utf-8")
    saved_companies_path().write_text("{}", encoding="utf-8")
    Settings().save()
    assert default_path().is_file()
    assert len(_files(data)) == 3


def test_a_module_fixture_has_its_own_folder_too(module_user_home, user_home):
    assert module_user_home != user_home
    assert not module_user_home.is_relative_to(user_home) and not user_home.is_relative_to(module_user_home)


def test_what_the_suite_starts_keeps_out_of_the_real_home_and_the_repo():
    """Programs a test starts (Xvfb's window manager, fontconfig) write under the XDG
    folders, and Hypothesis under its storage folder: none is in the real home or here."""
    from hypothesis.configuration import storage_directory
    real_home = Path.home().resolve()                  # HOME itself is left alone
    repo = paths.resource_root().resolve()
    folders = [Path(os.environ[v]).resolve() for v in ("XDG_CACHE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME",
                                                       "XDG_STATE_HOME", "NOCTURNE_HOME")]
    folders.append(storage_directory("examples", intent_to_write=False).path.resolve())
    for folder in folders:
        assert not folder.is_relative_to(real_home) and not folder.is_relative_to(repo), folder


def test_temporary_files_of_a_test_stay_in_its_own_folder(user_home):
    import tempfile
    made = Path(tempfile.mkdtemp(prefix="nocturne-replay-"))
    assert made.parent == Path(tempfile.gettempdir())
    assert made.parent.parent == user_home.parent           # pytest's folder for this run
