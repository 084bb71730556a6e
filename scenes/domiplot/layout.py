"""Where the parts of the Domiplotism screen sit on the 640x360 canvas."""

from __future__ import annotations

import pygame

CELL = 16                                        # the regions layer's tile size
MAP_VIEW = pygame.Rect(0, 21, 336, 196)          # the map, through the camera
BATTLE = pygame.Rect(338, 21, 302, 196)          # the battle panel
BAR_Y = 219                                      # the hand's buttons
HAND = pygame.Rect(2, 241, 334, 36)              # the hand's cards
CARD_W, CARD_H = 24, 34
PANEL_W, PANEL_H = 150, 35                       # seat panels, two columns under the battle panel
PANEL_H_ROOMY = 46                               # the same for up to six seats (three rows fit):
                                                 # room for a Chinese name above the figures
DECK_POS = (300, 10)                             # where draws come from (the top bar's counts)
