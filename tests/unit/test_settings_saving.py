"""Saving settings writes what the person changed into their file as they left it."""

from __future__ import annotations

import tomllib

from codementor_desktop.storage.paths import AppPaths
from codementor_desktop.storage.settings import load_settings, save_settings


def test_only_what_was_changed_is_added_and_the_users_lines_stay(isolated_home):
    paths = AppPaths.discover().ensure()
    paths.settings_file.write_text(
        "# my own settings\nfont_size = 13  # bigger\n\n[rate_limits.analysis]\ncalls = 5\nper_seconds = 60\n"
    )
    loaded = load_settings(paths, {"CODEMENTOR_TIMEOUT": "7"})
    loaded.settings.theme = "dark"
    save_settings(loaded)
    text = paths.settings_file.read_text()
    assert text.startswith("# my own settings\nfont_size = 13  # bigger\n")  # untouched
    assert "[rate_limits.analysis]\ncalls = 5\n" in text
    values = tomllib.loads(text)
    # The environment's timeout is not the person's setting: it is not copied into the file.
    assert set(values) == {"font_size", "rate_limits", "schema_version", "theme"}
    assert values["theme"] == "dark"
    loaded.settings.font_size = 15
    save_settings(loaded)
    text = paths.settings_file.read_text()
    assert "font_size = 15\n" in text and "font_size = 13" not in text and text.startswith("# my own settings\n")
    assert load_settings(paths).settings.font_size == 15


def test_a_setting_changed_back_to_its_default_is_written(isolated_home):
    paths = AppPaths.discover().ensure()
    paths.system_config_dir.mkdir(parents=True, exist_ok=True)
    paths.system_settings_file.write_text('theme = "dark"\n')  # the lab's default, not locked
    loaded = load_settings(paths)
    assert loaded.settings.theme == "dark"
    save_settings(loaded)
    assert "theme" not in tomllib.loads(paths.settings_file.read_text())  # the system's value stays its own
    loaded.settings.theme = "light"
    save_settings(loaded)
    assert load_settings(paths).settings.theme == "light"


def test_a_locked_setting_is_never_written(isolated_home):
    paths = AppPaths.discover().ensure()
    paths.system_config_dir.mkdir(parents=True, exist_ok=True)
    paths.system_settings_file.write_text('locked = ["memory_mb"]\nmemory_mb = 128\n')
    loaded = load_settings(paths)
    loaded.settings.memory_mb = 512
    loaded.settings.font_size = 12
    save_settings(loaded)
    values = tomllib.loads(paths.settings_file.read_text())
    assert "memory_mb" not in values and values["font_size"] == 12


def test_a_file_that_does_not_parse_is_replaced(isolated_home):
    paths = AppPaths.discover().ensure()
    paths.settings_file.write_text("font_size = = 3\n")
    loaded = load_settings(paths)
    loaded.settings.font_size = 12
    save_settings(loaded)
    assert load_settings(paths).problems == []
    assert load_settings(paths).settings.font_size == 12


def test_saving_keeps_a_line_that_does_not_parse_as_a_comment_and_the_others_as_written(isolated_home):
    paths = AppPaths.discover().ensure()
    paths.settings_file.write_text('theme = "dark"\nfont_size = = 3\nmemory_mb = 128\n')
    loaded = load_settings(paths)
    assert loaded.settings.theme == "dark" and loaded.settings.memory_mb == 128
    loaded.settings.font_size = 12
    save_settings(loaded)
    text = paths.settings_file.read_text()
    assert text.startswith('theme = "dark"\n# not understood, ignored: font_size = = 3\nmemory_mb = 128\n')
    again = load_settings(paths)
    assert again.problems == [] and again.settings.font_size == 12 and again.settings.memory_mb == 128
