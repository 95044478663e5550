"""The status bar names the mode a run is held in, in the words selftest and the README use
(``runner.containment.MODES``), also when the settings switch layers off."""

from __future__ import annotations

import sys

import pytest

from codementor_desktop.runner.containment import MODES, probe
from tests.gui.conftest import make_window, window_leftovers

KERNEL = probe()
pytestmark = pytest.mark.skipif(
    not (sys.platform.startswith("linux") and KERNEL.bwrap and KERNEL.landlock_abi and KERNEL.seccomp),
    reason=f"every mode needs every layer here: {KERNEL.missing}",
)


@pytest.mark.parametrize("mode", list(MODES))
def test_the_status_bar_says_which_mode_holds_a_run(mode, qtbot, isolated_home, tmp_path):
    from codementor_desktop.storage.secrets import Credentials
    from codementor_desktop.tools.services import Services

    switches = MODES[mode]
    (isolated_home / "config").mkdir(exist_ok=True)
    (isolated_home / "config" / "settings.toml").write_text(
        "".join(
            f"containment_{name} = {str(getattr(switches, name)).lower()}\n"
            for name in ("namespaces", "landlock", "seccomp")
        )
    )
    services = Services.build(credentials=Credentials(use_keyring=False))
    window = make_window(qtbot, services)
    try:
        label = window.backend_label
        qtbot.waitUntil(label.isVisible)
        assert label.text().startswith(f"local runner, {mode}"), label.text()
        off = [name for name in ("namespaces", "landlock", "seccomp") if not getattr(switches, name)]
        if off:
            assert label.text().endswith(" (without " + ", ".join(off) + ")"), label.text()
        assert label.grab().save(str(tmp_path / "status.png"))  # looked at by eye once; kept readable
        assert label.visibleRegion().boundingRect().width() >= label.sizeHint().width()  # not cut off
    finally:
        window.close()
        services.close()
    assert window_leftovers(window) == []
