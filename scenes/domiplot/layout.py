"""Where the parts of the Domiplotism screen sit on the 640x360 canvas."""

from __future__ import annotations

import pygame

CELL = 16                                        # the regions layer's tile size
MAP_VIEW = pygame.Rect(0, 21, 336, 196)          # the map, through the camera
BATTLE = pygame.Rect(338, 21, 302, 196)          # the battle panel (up to six seats)
BAR_Y = 219                                      # the hand's buttons
HAND = pygame.Rect(2, 241, 334, 36)              # the hand's cards
CARD_W, CARD_H = 24, 34
PANEL_W, PANEL_H = 150, 35                       # seat panels, two columns under the battle panel
PANEL_H_ROOMY = 46                               # the same for up to six seats (three rows fit):
                                                 # room for a Chinese name above the figures
# Seven and eight seats: four rows of 41 px, the battle panel 23 px shorter above them. A
# Chinese name (16 rows from y+4) then clears the figures by 4 px and a Chinese status by 1 px;
# 35 px rows left none (two 16 px lines and the frame need 40). The battle panel's eight pile
# rows keep 16 px each.
PANEL_H_EIGHT = 41
DECK_POS = (300, 10)                             # where draws come from (the top bar's counts)


def panel_height(seats: int) -> int:
    """The seat panels' height for a game of `seats`."""
    return PANEL_H_ROOMY if seats <= 6 else PANEL_H_EIGHT


def panels_top(seats: int) -> int:
    """Where the seat panels start: under the hand's buttons' row, or as high as four rows need."""
    rows = (seats + 1) // 2
    return min(BAR_Y, 360 - rows * panel_height(seats))


def battle_rect(seats: int) -> pygame.Rect:
    """The battle panel, down to 2 px above the seat panels."""
    return pygame.Rect(BATTLE.x, BATTLE.y, BATTLE.width, min(BATTLE.bottom, panels_top(seats) - 2) - BATTLE.y)
