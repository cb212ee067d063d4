"""Shared test setup: SDL's dummy drivers (no window, no sound card), an English locale,
and a user folder of its own for every test.

The app finds its saves, replays, settings and saved Companies under NOCTURNE_HOME
(`game.core.paths._user_dir`, read at each call). Every test gets a fresh, empty one
(`user_home`, autouse), and every test module one more for its module-scoped fixtures,
so no test sees a file another test wrote, whatever `-k` subset, order or `-n` split
runs. The folder set here at import only serves code run outside any test (collection)
and is removed at exit. Nothing is written to the real home or the repo tree
(tests/test_user_home.py checks the XDG folders and Hypothesis's database)."""
import atexit
import os
import shutil
import tempfile

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
_FALLBACK_HOME = tempfile.mkdtemp(prefix="nocturne-test-")
os.environ["NOCTURNE_HOME"] = _FALLBACK_HOME
atexit.register(shutil.rmtree, _FALLBACK_HOME, True)
# Programs the tests start (the window manager of the Xvfb test, fontconfig) keep their
# caches and logs under the XDG folders: a private set, not the real home's. Hypothesis
# keeps its example database outside the repo tree (and across runs, to replay a failure).
for _var in ("XDG_CACHE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
    os.environ[_var] = os.path.join(_FALLBACK_HOME, "xdg", _var.split("_")[1].lower())
os.environ.setdefault("HYPOTHESIS_STORAGE_DIRECTORY", os.path.join(tempfile.gettempdir(), "nocturne-hypothesis"))
# The tests read English words; a first start follows the computer's language, so a
# Czech developer's machine would otherwise start them in Czech (tests that check the
# choice set these variables themselves).
for _var in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
    os.environ.pop(_var, None)
os.environ["LANG"] = "C.UTF-8"


@pytest.fixture(scope="module", autouse=True)
def module_user_home(tmp_path_factory):
    """An empty NOCTURNE_HOME for the module-scoped fixtures of one test module."""
    with pytest.MonkeyPatch.context() as mp:
        home = tmp_path_factory.mktemp("home-module")
        mp.setenv("NOCTURNE_HOME", str(home))
        yield home


@pytest.fixture(autouse=True)
def user_home(module_user_home, tmp_path_factory, monkeypatch):
    """An empty NOCTURNE_HOME for this test alone (not inside `tmp_path`, which stays the
    test's own). Subprocesses the test starts inherit it. The temporary files the code
    under test makes (`tempfile`, e.g. the headless replay scene's save) go to a folder
    of the test's too, which pytest clears with its other runs, not loose in /tmp."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("NOCTURNE_HOME", str(home))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path_factory.mktemp("tmp")))
    return home


# -- shared by the table and window tests (tests/tablekit.py says how) ------------------------
@pytest.fixture(scope="module")
def display():
    """pygame initialised with a 1x1 display, for the module's tests."""
    from tests.tablekit import open_display
    open_display()
    yield


@pytest.fixture(scope="module")
def app_parts(display):
    """One Assets, Sound and Settings for the module's tables."""
    from game.ui.assets import Assets
    from game.ui.settings import Settings
    from game.ui.sound import Sound
    settings = Settings()
    return Assets(), Sound(settings), settings


@pytest.fixture
def app():
    """A headless App (strict, animations off), shut down after the test."""
    from tests.tablekit import make_app
    a = make_app()
    yield a
    a.shutdown()


# -- the order the tests start in ----------------------------------------------------------
FIRST_MARKS = ("xvfb", "slow")


@pytest.hookimpl(trylast=True)          # after pytest's own grouping of items by fixture
def pytest_collection_modifyitems(items):
    """The modules with a test marked slow or xvfb (a real window, a build: tens of seconds,
    much of it waiting) go first, whole, each as it was. Under xdist (`--dist worksteal`,
    pyproject.toml) they start at once beside the short tests, and the run ends with short
    tests only, which the two workers share out: never one worker alone on a long test at
    the end."""
    first = {item.path for item in items if any(item.get_closest_marker(m) for m in FIRST_MARKS)}
    items.sort(key=lambda item: item.path not in first)
