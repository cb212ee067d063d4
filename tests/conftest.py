"""Shared test setup: SDL's dummy drivers (no window, no sound card) and a private
NOCTURNE_HOME, set before anything imports pygame."""
import os
import tempfile

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["NOCTURNE_HOME"] = tempfile.mkdtemp(prefix="nocturne-test-")
