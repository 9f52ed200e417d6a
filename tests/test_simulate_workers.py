"""The local workers' fork server imports the engine once (``tianting.simulate.workers``); the
figures are the same whatever process played the games (tests/test_simulate.py, test_byte_identical)."""

from __future__ import annotations

import importlib
import subprocess
import sys

from tianting.simulate import workers


def test_every_preloaded_module_exists():
    """A module renamed away would silently not be preloaded (the fork server skips what it cannot import)."""
    for name in workers.PRELOAD:
        if name != "__main__":
            importlib.import_module(name)


def test_the_workers_module_imports_no_engine():
    """The command starts the fork server before it imports the engine itself (``start_early``): the
    module it imports for that (and the package around it) import none of it."""
    code = ("import sys, tianting.simulate.workers; "
            "print(sorted(m for m in sys.modules if m.startswith('tianting.') and m != 'tianting.simulate.workers'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['tianting.simulate']"


def test_the_package_still_offers_its_names():
    import tianting.simulate as package
    from tianting.simulate import runner, stats

    assert package.Study is runner.Study and package.run_study is runner.run_study
    assert package.aggregate is stats.aggregate and package.wilson is stats.wilson
    assert all(hasattr(package, name) for name in package.__all__)


def test_no_fork_server_for_one_job(monkeypatch):
    started: list[bool] = []
    from multiprocessing import forkserver

    monkeypatch.setattr(forkserver, "ensure_running", lambda: started.append(True))
    workers.start_early(1)
    assert started == []
    workers.start_early(2)
    assert started == [True]


def test_the_context_preloads_the_engine():
    context = workers.context()
    assert context.get_start_method() == "forkserver"
    from multiprocessing import forkserver

    assert forkserver._forkserver._preload_modules == list(workers.PRELOAD)
