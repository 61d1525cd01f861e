"""The Material icons the table draws, by Flet's names and numbers.

Flet's `ft.Icons` reads the names of all 8,600 icons from a JSON file on first use and keeps
them, with an enum member for each icon asked for: memory held for good by the server (issue
24) for the few icons the table draws. These carry Flet's numbers (`tests/test_icons.py` checks
them against `ft.Icons` and against the icons the source names), so the client draws the same
glyphs, and `tests/support/font_subset.py` still finds in the source every icon to keep in the
icon font.
"""

from __future__ import annotations

from flet.controls.icon_data import IconData


class Icons(IconData, package_name="flet", class_name="Icons"):
    ADD = 0x10044
    ADD_CIRCLE_OUTLINE = 0x10063
    AGRICULTURE = 0x100c9
    ARROW_BACK = 0x101a5
    ARROW_FORWARD = 0x101d1
    AUTO_FIX_HIGH = 0x1025f
    BACKSPACE = 0x1028f
    BOLT = 0x10361
    CALCULATE = 0x10445
    CASINO = 0x104d9
    CHECK = 0x1052d
    CHECK_CIRCLE = 0x10536
    CHEVRON_LEFT = 0x1054d
    CHEVRON_RIGHT = 0x10551
    CHURCH = 0x10561
    CIRCLE = 0x10565
    CLEAR = 0x10579
    CLOSE = 0x10581
    DELETE_OUTLINE = 0x10758
    DOWNLOAD = 0x108c0
    EDIT = 0x10929
    EDIT_NOTE = 0x1093b
    EMOJI_EVENTS = 0x109b3
    EXIT_TO_APP = 0x10a1b
    EXPAND_MORE = 0x10a28
    FAVORITE = 0x10aa2
    FLAG = 0x10b9d
    HELP_OUTLINE = 0x10e16
    HISTORY = 0x10e45
    HOME = 0x10e61
    HOURGLASS_BOTTOM = 0x10e8e
    INFO_OUTLINE = 0x10eff
    LEADERBOARD = 0x11026
    LINK_OFF = 0x11076
    MENU_BOOK = 0x1122a
    PERSON = 0x115b5
    PERSON_ADD = 0x115c2
    PHONELINK_OFF = 0x11642
    PHONE_ANDROID = 0x1160a
    PHONE_DISABLED = 0x11616
    PLAY_ARROW = 0x116bc
    PLAY_CIRCLE = 0x116c0
    QR_CODE = 0x1178c
    RADIO_BUTTON_UNCHECKED = 0x117dd
    REDO = 0x1182d
    REMOVE_CIRCLE_OUTLINE = 0x1183f
    REPEAT = 0x11869
    REPLAY = 0x11879
    REPORT_PROBLEM = 0x1189f
    SCHOOL = 0x11985
    SEARCH = 0x119cd
    SHIELD = 0x11aae
    SHUFFLE = 0x11ae6
    SICK = 0x11af2
    SMARTPHONE = 0x11ba6
    STAR = 0x11cab
    STOREFRONT = 0x11cfb
    SWAP_HORIZ = 0x11d65
    TABLE_RESTAURANT = 0x11dfd
    TOUCH_APP = 0x11f35
    TUNE = 0x11f92
    UNDO = 0x11ffe
    VISIBILITY = 0x12102
    VISIBILITY_OFF = 0x12103
    VISIBILITY_OUTLINED = 0x12107
    WARNING_AMBER = 0x12158
    WIFI = 0x121e4
    WIFI_OFF = 0x12201
    WORKSPACE_PREMIUM = 0x1224b
