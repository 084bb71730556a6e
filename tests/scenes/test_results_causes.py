"""The results screen says in words how each game ended: every cause a ruleset's rules can
give has its own text in both languages, and the whole line fits the panel. Dice for Land's
said "V2 wealth" and "V3 capitals" for conditions about land and resources (T-17.2), and
Landship and Tidegate fell back to "· deciding rule V-4"."""

from types import SimpleNamespace

import pytest

from game.core.i18n import LANGUAGES, catalogue, set_language
from scenes.drawing import fit
from scenes.results import PANEL, ResultsScene

CAUSES = {
    "tidegate": ["TG-7.1", "TG-7.2"],                                   # TG-7
    "territory": ["T-17.3", "T-17.4", "V1", "V2", "V3", "V1+V2", "V1+V3", "V2+V3", "V1+V2+V3"],  # T-17
    "skirmish": ["W-2", "W-3"],                                          # W-2, W-3
    "domiplot": ["E-1", "E-3", "E-5", "E-6", "T-5"],                     # E-1..E-6, T-5
    "landship": ["V-3", "V-4", "V-5a", "V-5b", "V-6"],                   # V-3..V-6
}


def results_line(app, ruleset: str, cause: str, rounds: int) -> str:
    """What the screen writes under the headline, as `ResultsScene.draw` builds it."""
    screen = ResultsScene.__new__(ResultsScene)
    screen.app = app
    screen.session = SimpleNamespace(setup=SimpleNamespace(ruleset=ruleset),
                                     state=SimpleNamespace(result=lambda: SimpleNamespace(cause=cause)))
    screen.cause, screen.round = cause, rounds
    return screen.ended_line()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("ruleset", sorted(CAUSES))
def test_every_cause_has_words_and_the_line_fits(app, ruleset, lang):
    set_language(lang)
    texts = catalogue(lang)
    for cause in CAUSES[ruleset]:
        assert f"{ruleset}.end_short.{cause}" in texts, cause
        line = results_line(app, ruleset, cause, 120)
        assert all(part in line for part in cause.split("+")) and "{" not in line
        assert fit(app, line, PANEL.width - 24) == line, line
    set_language("en")


def test_dice_for_land_counts_turns_and_names_its_goals_rightly(app):
    set_language("en")
    assert results_line(app, "territory", "V3", 21) == (
        "The game ended in turn 21. More resources than all rivals together (V3).")
    assert results_line(app, "territory", "V2", 9).endswith("Over half the land (V2).")
    assert results_line(app, "landship", "V-4", 55) == (
        "The game ended in round 55. Same ship rebuilt four times: a draw (V-4).")
    set_language("zh")
    assert results_line(app, "territory", "V3", 21) == "游戏在第 21 回合结束。资源多于其他部族之和（V3）。"
    set_language("en")
