"""The xcb libraries checked before Qt loads: which platform asks for them, which are missing, and
what the message and the log folder's file say (a fake loader stands for the system's)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from codementor_desktop.platform_check import (
    REPORT_NAME,
    XCB_LIBRARIES,
    missing_xcb_libraries,
    platform_will_be_xcb,
    write_report,
    xcb_problem,
)


def system_without(*absent: str):
    """A loader that finds every library but ``absent``, and remembers what it was asked."""
    asked: list[str] = []

    def find(soname: str) -> bool:
        asked.append(soname)
        return soname not in absent

    find.asked = asked  # type: ignore[attr-defined]
    return find


def test_a_system_missing_the_three_usual_libraries_names_them_with_apt_and_dnf_packages():
    find = system_without("libxcb-cursor.so.0", "libxcb-icccm.so.4", "libxcb-keysyms.so.1")
    message = xcb_problem({}, find_library=find)
    assert message is not None
    assert "libxcb-cursor.so.0, libxcb-icccm.so.4, libxcb-keysyms.so.1" in message
    assert "sudo apt-get install libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1" in message
    assert "sudo dnf install xcb-util-cursor xcb-util-wm xcb-util-keysyms" in message


def test_a_package_bringing_several_missing_libraries_is_named_once():
    find = system_without("libxcb-randr.so.0", "libxcb-shape.so.0")
    message = xcb_problem({}, find_library=find)
    assert message is not None
    assert "sudo dnf install libxcb)" in message
    assert "sudo apt-get install libxcb-randr0 libxcb-shape0;" in message


def test_a_system_with_every_library_has_no_problem_and_each_library_was_looked_for():
    find = system_without()
    assert xcb_problem({}, find_library=find) is None
    assert find.asked == [library.soname for library in XCB_LIBRARIES]


@pytest.mark.parametrize(
    ("environ", "wayland", "xcb"),
    [
        ({}, False, True),
        ({}, True, False),
        ({"QT_QPA_PLATFORM": "offscreen"}, False, False),
        ({"QT_QPA_PLATFORM": "wayland"}, False, False),
        ({"QT_QPA_PLATFORM": "xcb"}, True, True),
        ({"QT_QPA_PLATFORM": "XCB:nograb"}, False, True),
        ({"QT_QPA_PLATFORM": "wayland;xcb"}, True, False),
        ({"QT_QPA_PLATFORM": "wayland;xcb"}, False, True),
    ],
)
def test_the_libraries_matter_only_where_the_platform_will_be_xcb(environ, wayland, xcb):
    assert platform_will_be_xcb(environ, wayland_reachable=wayland) is xcb
    find = system_without("libxcb-cursor.so.0")
    assert (xcb_problem(environ, find_library=find, wayland_reachable=wayland) is not None) is xcb
    if not xcb:
        assert find.asked == []  # nothing is loaded for a platform that does not need it


def test_missing_libraries_keep_the_table_order():
    find = system_without("libxkbcommon.so.0", "libxcb-cursor.so.0")
    assert [library.soname for library in missing_xcb_libraries(find)] == ["libxcb-cursor.so.0", "libxkbcommon.so.0"]


def test_the_report_is_kept_in_the_log_folder(tmp_path):
    logs = tmp_path / "not yet" / "logs"
    path = write_report(logs, "the window cannot open: x", now=datetime(2026, 11, 28, 10, 0, tzinfo=UTC))
    assert path == logs / REPORT_NAME
    assert path.read_text(encoding="utf-8") == "2026-11-28T10:00:00+00:00 codementor: the window cannot open: x\n"


def test_a_log_folder_that_cannot_be_written_is_not_an_error(tmp_path):
    blocker = tmp_path / "a file"
    blocker.write_text("")
    assert write_report(blocker / "logs", "x") is None
