"""The shared ranked results table: places, ties, lower-is-better games."""

from __future__ import annotations

from render import results_table as rt


def test_equal_scores_share_a_place_and_the_next_place_skips() -> None:
    rows = [rt.Row(p, (), score) for p, score in enumerate([7, 12, 7, 3])]
    got = [(place, r.player) for place, r in rt.placed(rows)]
    assert got == [(1, 1), (2, 0), (2, 2), (4, 3)]


def test_a_penalty_game_ranks_the_lowest_score_first() -> None:
    rows = [rt.Row(p, (), score) for p, score in enumerate([40, 15, 62, 15])]
    got = [(place, r.player) for place, r in rt.placed(rows, lower_is_better=True)]
    assert got == [(1, 1), (1, 3), (3, 0), (4, 2)]


def test_rows_without_scores_keep_the_given_order() -> None:
    rows = [rt.Row(p, ()) for p in (2, 0, 1)]
    assert [(place, r.player) for place, r in rt.placed(rows)] == [(1, 2), (2, 0), (3, 1)]


def test_a_penalty_table_draws_one_row_per_player() -> None:
    columns = (rt.Column("PENALTY", 110), rt.Column("TOTAL", 110, size=26, bold=True))
    rows = [
        rt.Row(p, (rt.Cell(f"+{pen}"), rt.Cell(str(tot))), tot, highlight=p == 1)
        for p, (pen, tot) in enumerate([(20, 40), (0, 15), (35, 62)])
    ]
    img = rt.draw_results_table(
        "Deal 3", "Sixty", columns, rows, ["Ann", "Bo", "Cy"], lower_is_better=True
    )
    assert img.size == rt.table_size(3)
    # the winner's row (lowest total, drawn first) has the gold border
    y = rt.HEADER + rt.ROW_H // 2
    r, g, b = img.getpixel((rt.MARGIN + 1, y))  # type: ignore[misc]
    assert r > 150 and g > 120 and b < 120
