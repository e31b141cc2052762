"""The search's iteration with its playout loop apart (the game's functions looked up once, ``legal`` passed on
as it is when the game leaves no move out) makes exactly the choices of the plain iteration: the same move, the
same visits and totals at the root, the same draws."""

from __future__ import annotations

import math

import pytest

from tabletop.bots import make_bot
from tabletop.bots.ismcts import MAX_PLAYOUT, ISMCTSBot, Node
from tabletop.bots.moves import worth_weighing
from tabletop.core.rng import Rng
from tabletop.games import GAMES

# --- the plain code, as it was -------------------------------------------------------------------------------


def plain_iterate(self: ISMCTSBot, root: Node, state: object, seat: int, rng: Rng) -> None:
    game = self.game
    path = [root]
    node = root
    expanded = False
    steps = 0
    result = game.result(state)
    while result is None:
        actors = game.to_act(state)
        actor = seat if seat in actors else actors[0]
        legal = worth_weighing(game, game.legal(state, actor))
        if actor != seat or expanded:
            if (self.depth is not None and steps >= self.depth) or steps >= MAX_PLAYOUT:
                break
            game.play(state, self.policy(game, state, actor, legal, rng))
            steps += 1
            result = game.result(state)
            continue
        if node is root and self._root_moves is not None:
            legal = [command for command in legal if command in self._root_moves] or legal
        untried = [command for command in legal if command not in node.children]
        for command in legal:
            child = node.children.get(command)
            if child is not None:
                child.available += 1
        if untried:
            command = untried[rng.below(len(untried))]
            child = Node(available=1)
            node.children[command] = child
            expanded = True
        else:
            command, child = self._select(node, legal)
        game.play(state, command)
        result = game.result(state)
        node = child
        path.append(node)
    if result is not None:
        reward = self.reward(state, seat, result)
    elif self.evaluate is not None:
        reward = float(self.evaluate(state, seat))
    else:
        reward = 0.5
    for visited in path:
        visited.visits += 1
        visited.total += reward


# --- the checks ----------------------------------------------------------------------------------------------


def searches(game_id: str, players: int, iterations: int) -> list[tuple]:
    """Each decision of a few greedy positions: the move, the root's statistics and the generator's state after."""
    game = GAMES[game_id]
    search = make_bot(game, "hard")
    assert isinstance(search, ISMCTSBot)
    search.budget, search.max_iterations = 1e9, iterations
    greedy, rng = make_bot(game, "greedy"), Rng(players)
    state = game.setup(players, game.default_options(players), 7)
    roots: list[Node] = []
    iterate = ISMCTSBot._iterate

    def spy(self: ISMCTSBot, root: Node, *rest: object) -> None:
        roots.append(root)
        iterate(self, root, *rest)  # type: ignore[arg-type]

    found: list[tuple] = []
    step = 0
    while game.result(state) is None and len(found) < 8:
        seat = game.to_act(state)[0]
        view = game.view(state, seat)
        if step % 5 == 2 and len(view.legal) > 1:
            roots.clear()
            search._iterate = spy.__get__(search)  # type: ignore[method-assign]
            dice = Rng(step)
            move = search.choose(view, dice)
            stats = [(c, n.visits, n.total, n.available) for c, n in roots[-1].children.items()] if roots else []
            found.append((move, stats, dice.state, search.last.iterations))
        game.apply(state, greedy.choose(view, rng))
        step += 1
    return found


@pytest.mark.parametrize(("game_id", "players"), [("house-cup", 4), ("stupefix", 8), ("thats-wizard", 2)])
def test_the_search_makes_the_plain_iterations_choices(game_id, players, monkeypatch):
    fast = searches(game_id, players, 40)
    with monkeypatch.context() as patch:
        patch.setattr(ISMCTSBot, "_iterate", plain_iterate)
        plain = searches(game_id, players, 40)
    assert len(fast) == 8 and any(stats for _, stats, _, _ in fast)
    assert fast == plain
    assert all(not math.isnan(total) for _, stats, _, _ in fast for _, _, total, _ in stats)
