"""The board-scene layer every game screen is built on (DESIGN.md, "Board scenes").

`turns` (pygame-free: who acts next, AI pacing, hand-offs), `camera`, `geometry`, `targets`,
`presenter`, `tiled` (the map drawn from its .tmx), `seats`, `hud`, `handoff`, `replay` and
`scene` (`BoardScene`, the base class of every game screen, with its parts `inputs` and
`draw_layers`). This package file imports nothing, so `scenes.board.turns` stays importable
without pygame.
"""
