"""A key the lab's system settings file carries is shown locked in the settings dialog, and
saving the dialog writes it nowhere."""

from __future__ import annotations

from PySide6.QtWidgets import QDialogButtonBox

from codementor_desktop.storage.secrets import Credentials
from codementor_desktop.tools.services import Services
from tests.gui.conftest import make_window, window_leftovers
from tests.gui.test_settings_dialog import dialog_of, press, type_into

LAB_KEY = "lab-tutor-key-5e1f"


def test_a_key_from_the_system_file_is_locked_and_never_written(qtbot, isolated_home):
    system = isolated_home / "system"
    system.mkdir(parents=True, exist_ok=True)
    (system / "settings.toml").write_text(f'llm_api_key = "{LAB_KEY}"\n', encoding="utf-8")
    services = Services.build(credentials=Credentials(environ={}, use_keyring=False))
    main = make_window(qtbot, services)
    try:
        dialog = dialog_of(main)
        row = dialog.rows["key:llm"]
        assert not row.editor.isEnabled() and "administrator" in row.editor.toolTip()
        assert dialog.rows["key:piston"].editor.isEnabled()  # the file carries no Piston key
        row.editor.setText("sk-mine")  # even if it were changed somehow, it is not taken
        type_into(dialog, "font_size", "13")
        press(dialog, QDialogButtonBox.StandardButton.Ok)
        assert services.credentials.get("llm") == LAB_KEY
        written = [p for p in isolated_home.rglob("*") if p.is_file() and p.parent != system]
        assert not any(LAB_KEY in p.read_text(errors="ignore") for p in written)
        assert not any("sk-mine" in p.read_text(errors="ignore") for p in written)
    finally:
        main.close()
        services.close()
    assert window_leftovers(main) == []
