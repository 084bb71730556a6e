"""Tribe panels (T-23, issue 15 item 3): resources against the cap laid out, never squeezed.

The resource line of a 122-px panel holds the holdings (zeros left out), a gap, the cap as
"/N", and the faction emblem; the emblem gives way first, then the holdings become their sum.
"""

import itertools

import pygame

from scenes.territory.panels import EMBLEM_W, GAP, resource_line
from scenes.territory.smoke import advance_to, session
from scenes.territory_scene import PANEL_W

LINE_W = PANEL_W - 13 - 6      # from the text's left edge to the panel's inner right edge


def test_resource_line_layout_cases(app):
    text = app.text
    assert resource_line(text, (7, 4, 0), 23, LINE_W) == ("7g 4m", "/23", True)
    assert resource_line(text, (20, 10, 0), 30, LINE_W) == ("20g 10m", "/30", True)
    assert resource_line(text, (16, 4, 1), 21, LINE_W) == ("16g 4m 1e", "/21", False)
    assert resource_line(text, (0, 0, 0), 8, LINE_W) == ("0", "/8", True)
    assert resource_line(text, (120, 45, 12), 30, LINE_W) == ("Σ177", "/30", True)


def test_resource_line_never_overflows_its_width(app):
    text = app.text
    for res in itertools.product((0, 3, 17, 99, 150), repeat=3):
        for cap in (5, 30, 120):
            held, cap_s, emblem = resource_line(text, res, cap, LINE_W)
            used = text.size(held)[0] + GAP + text.size(cap_s)[0] + (EMBLEM_W if emblem else 0)
            assert used <= LINE_W, (res, cap, held, cap_s, emblem)
            full = " ".join(f"{n}{'gme'[k]}" for k, n in enumerate(res) if n) or "0"
            assert held in (full, f"Σ{sum(res)}")        # every amount with its letter and spaces, or the sum


def test_seven_panels_draw_inside_their_frames_with_a_gap_before_the_cap(app):
    """Seven tribes at turn 6 (some over their cap): each panel body's ink stays inside its
    frame, and the columns just left of the cap text are empty (the holdings never touch it)."""
    s = session(("human",) + ("greedy",) * 6, 4, ("arcane", "war", "bounty", "jungle", "pioneer", "tide", "shadow"))
    assert advance_to(s, lambda st: st.turn >= 6)
    scene = app.nav.open_game(s)
    app.step_frames(2)
    rects = [scene.panel_rect(seat) for seat in range(7)]
    for a, b in itertools.combinations(rects, 2):
        assert not a.colliderect(b)
    assert any(sum(s.state.tribes[k].res) > scene.cap_of(k) for k in range(7))
    for seat, rect in enumerate(rects):
        layer = pygame.Surface(app.canvas.get_size(), pygame.SRCALPHA)
        scene.draw_panel_body(layer, seat, rect)
        ink = layer.get_bounding_rect()
        assert rect.inflate(-6, -6).contains(ink), (seat, ink, rect)     # inside the 3-px frame
        held, cap_s, emblem = resource_line(app.text, s.state.tribes[seat].res, scene.cap_of(seat), LINE_W)
        cap_left = rect.right - 6 - (EMBLEM_W if emblem else 0) - app.text.size(cap_s)[0]
        gap = pygame.Rect(cap_left - GAP, rect.y + 20, GAP, 16)
        assert all(layer.get_at((x, y)).a == 0 for x in range(gap.left, gap.right) for y in range(gap.top, gap.bottom)), seat


def test_two_goblin_kingdoms_have_two_names(app):
    """T-15 Goblin Empire can strike twice (two goblin sites on Origin): the second kingdom
    used to share the first one's name in the log, the panels and the diplomacy lists."""
    from game.core.i18n import set_language
    s = session(("human", "greedy", "greedy", "greedy"), 4, ("war", "jungle", "bounty", "arcane"))

    def kingdoms(st):
        return [t.id for t in st.tribes if t.kind == "system" and t.faction == "goblin"]

    assert advance_to(s, lambda st: len(kingdoms(st)) == 1)
    scene = app.nav.open_game(s)
    app.step_frames(2)
    assert scene.tribe_name(kingdoms(s.state)[0]) == "Goblin kingdom"     # one: no number
    assert advance_to(s, lambda st: len(kingdoms(st)) == 2)
    scene = app.nav.open_game(s)
    app.step_frames(2)
    first, second = kingdoms(s.state)
    assert (scene.tribe_name(first), scene.tribe_name(second)) == ("Goblin kingdom 1", "Goblin kingdom 2")
    set_language("zh")
    try:
        assert scene.tribe_name(second) == "哥布林王国2"
    finally:
        set_language("en")


def test_the_diplomacy_list_shows_both_goblin_kingdoms_whole(app):
    """The partner column fits "Goblin kingdom 2" without an ellipsis: cut to "Goblin
    kingdom…" the two rows read the same again."""
    from scenes.drawing import fit
    from scenes.territory.diplomacy import DiplomacyDialog
    s = session(("human", "greedy", "greedy", "greedy"), 4, ("war", "jungle", "bounty", "arcane"))
    assert advance_to(s, lambda st: sum(t.kind == "system" and t.faction == "goblin" for t in st.tribes) == 2
                      and st.phase.name == "ORDERS" and 0 in st.to_move())
    scene = app.nav.open_game(s)
    app.step_frames(2)
    dialog = app.push(DiplomacyDialog(app, scene, "cede"))
    names = [fit(app, scene.tribe_name(p), rect.width - 16) for rect, p in dialog.partner_rects()]
    assert "Goblin kingdom 1" in names and "Goblin kingdom 2" in names
    assert all(rect.right < dialog.right_x for rect, _ in dialog.partner_rects())
