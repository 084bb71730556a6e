"""The pictures `main.py smoke` draws, by file name (without .png): the source run and the
executable's run are checked against this one list."""

from __future__ import annotations

SCREENS = ["01_title", "02_lobby", "03_settings", "04_help", "05_load", "06_game_setup", "07_game_mid",
           "08_trade", "09_pause", "10_game_after_seven", "11_results", "12_results_zh", "13_title_zh",
           "14_game_zh", "15_trade_zh", "16_lobby_zh", "17_replay"]   # issue 20: Chinese game, replay
SCREENS += [f"domiplot_{n}" for n in ("01_lobby", "02_start", "02b_choose_target", "03_battle_hand", "03b_place_forecast", "04_support_picker",
                                      "05_join_dialog", "06_vote", "06b_score_board", "07_pass_device", "08_results")]
LANDSHIP = ["landship_01_lobby", "landship_02_turn_start_d4", "landship_03_move_preview",   # issue 13
            "landship_04_fire_preview_blocked", "landship_05_build_picker", "landship_06_resign_confirm",
            "landship_07_weather_event", "landship_08_weather_area", "landship_09_results",
            "landship_10_results_zh", "landship_11_game_zh"]
SCREENS += ["skirmish_01_lobby", "skirmish_02_setup_picks", "skirmish_03_game_start", "skirmish_04_move_preview",
            "skirmish_05_attack_forecast", "skirmish_06_mid_attack", "skirmish_07_production_menu",
            "skirmish_08_results", "skirmish_09_results_zh", "skirmish_10_game_zh"]
SCREENS += ["territory_01_lobby", "territory_02_tribe_picks", "territory_03_arrow_forecast", "territory_04_tech_tree",
            "territory_05_spell_preview", "territory_06_resolution_die", "territory_07_disaster",
            "territory_08_results", "territory_09_game_zh", "territory_10_diplomacy_cede",
            "territory_11_diplomacy_zh"]
SMOKE_PICTURES = SCREENS + LANDSHIP
