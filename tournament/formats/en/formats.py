"""English dates: "Nov. 21, 2026", "Nov. 21, 2026, 14:05" (24-hour clock, as at a venue)."""

DATE_FORMAT = "N j, Y"
DATETIME_FORMAT = "N j, Y, H:i"
SHORT_DATE_FORMAT = DATE_FORMAT
SHORT_DATETIME_FORMAT = DATETIME_FORMAT
