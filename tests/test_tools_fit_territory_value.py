"""tools/fit_territory_value.py: the greedy duels and the fit behind Dice for Land's search
value (issue 18, `game/ai/knobs.py`)."""

from __future__ import annotations

import json

import numpy as np

from tests.helpers.tools import load_tool


def test_fit_recovers_the_weights_of_a_known_logistic_model():
    """The logistic fit (no intercept: the model is the same from either seat) finds the
    weights that generated the data."""
    fit = load_tool("fit_territory_value")
    rng = np.random.default_rng(7)
    x = rng.normal(size=(20000, 2)) * [10.0, 30.0]
    p = 1 / (1 + np.exp(-(x @ [0.03, 0.01])))
    y = (rng.random(20000) < p).astype(float)
    w = fit.logistic(x, y, ridge=0.0)
    assert abs(w[0] - 0.03) < 0.005 and abs(w[1] - 0.01) < 0.002


def test_the_tool_plays_duels_and_reports_every_figure(capsys):
    fit = load_tool("fit_territory_value")
    assert fit.main(["--games", "4", "--seed", "30000"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 4 and report["turn_starts"] > 40
    assert set(report["held_out_log_loss"]) == {"coin", "factions", "factions_tiles_resources_income"}
    assert len(report["per_tile_by_stage"]) == 4
    assert all(0 <= share <= 1 for share in report["saturated"].values())


def test_softmax_fit_recovers_the_weights_of_a_known_model_over_three_seats():
    """Three or more seats: a softmax over the seats of w x (tiles, resources), and again
    with a constant per faction (against the first by name); seeds alternate between the
    fitting and the held-out half."""
    from game.territory.constants import FACTIONS

    fit = load_tool("fit_territory_value")
    factions = sorted(FACTIONS)
    edges = {f: 0.3 * k - 0.9 for k, f in enumerate(factions)}
    edges[factions[0]] = 0.0
    rng = np.random.default_rng(11)
    games = []
    for seed in range(12000):
        tiles, res = rng.integers(0, 60, 3), rng.integers(0, 200, 3)
        drawn = [factions[k] for k in rng.choice(len(factions), 3, replace=False)]
        u = 0.05 * tiles + 0.01 * res + np.array([edges[f] for f in drawn])
        p = np.exp(u - u.max()) / np.exp(u - u.max()).sum()
        games.append({"seed": seed, "factions": drawn, "winners": [int(rng.choice(3, p=p))],
                      "rows": [(1, [(True, int(t), int(r), 0) for t, r in zip(tiles, res)])]})
    report = fit.softmax_fit(games)
    with_factions = report["with_factions"]
    assert abs(with_factions["per_tile"] - 0.05) < 0.006
    assert abs(with_factions["per_resource"] - 0.01) < 0.0015
    assert all(abs(with_factions["faction_edges"][f] - edges[f]) < 0.15 for f in factions)
    assert with_factions["temperature"] == round(1 / with_factions["per_tile"], 1)
    losses = report["held_out_log_loss"]
    assert losses["fit_with_factions"] < losses["fit"] < losses["uniform"]
