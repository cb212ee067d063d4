"""Shared test setup: SDL's dummy drivers (no window, no sound card) and a private
NOCTURNE_HOME, set before anything imports pygame."""
import os
import tempfile

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["NOCTURNE_HOME"] = tempfile.mkdtemp(prefix="nocturne-test-")
# The tests read English words; a first start follows the computer's language, so a
# Czech developer's machine would otherwise start them in Czech (tests that check the
# choice set these variables themselves).
for _var in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
    os.environ.pop(_var, None)
os.environ["LANG"] = "C.UTF-8"
