"""Where the tour's bubble goes beside what it points at: never over it, inside the window, below
it when that covers little of the statement, else beside it."""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize

from codementor_desktop.gui.tour import REACH, overlap, place_bubble

ROOM = QRect(0, 0, 1280, 800)
BUBBLE = QSize(350, 134)
STATEMENT = QRect(389, 49, 565, 308)


def test_a_toolbar_button_gets_the_bubble_below_it_and_off_the_statement():
    run = QRect(300, 20, 40, 24)
    side, place = place_bubble(run, BUBBLE, ROOM, [STATEMENT])
    assert side == "below" and place.top() > run.bottom()
    assert overlap(place, STATEMENT) == 0
    assert place.left() + REACH <= run.center().x() <= place.right() - REACH  # the pointer reaches its middle


def test_a_tall_column_gets_the_bubble_beside_it_below_the_statement():
    browser = QRect(4, 50, 378, 720)  # no room above or below
    side, place = place_bubble(browser, BUBBLE, ROOM, [STATEMENT])
    assert side == "right" and not place.intersects(browser) and ROOM.contains(place)
    assert overlap(place, STATEMENT) == 0
    assert place.top() + REACH <= browser.center().y() <= place.bottom() - REACH


def test_at_the_window_bottom_the_bubble_goes_above():
    tabs = QRect(600, 770, 300, 24)
    side, place = place_bubble(tabs, BUBBLE, ROOM, [])
    assert side == "above" and place.bottom() < tabs.top() and ROOM.contains(place)


def test_with_no_room_beside_it_the_bubble_is_in_the_middle():
    everything = ROOM.adjusted(2, 2, -2, -2)
    side, place = place_bubble(everything, BUBBLE, ROOM, [])
    assert place.size() == BUBBLE and ROOM.contains(place) and side == "below"
