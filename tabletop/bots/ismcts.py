"""Information-set Monte Carlo tree search over the shared protocol, for any game.

Each iteration deals a full state consistent with what the bot's seat can see (``game.sample(view)``), so the
search never reads another seat's secrets: it plays in worlds that could be the real one. The tree holds the
bot's own decisions (open loop: other seats' moves, simultaneous choices and chance are played out in the
sampled world by the playout policy), with availability counts because an action legal in one sampled world may
not be in another (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search", 2012).

What a game may set for the search is its ``SearchSettings`` (``tabletop.core.protocol``, every default
written there): the playout policy, ``evaluate`` with ``playout_depth`` for long games, ``team_of`` and
``score_scale``, ``search_candidates`` to narrow a wide choice, and ``hard_budget``; and its ``bot_moves``, the
commands never worth a bot's thought (``tabletop.bots.moves``).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

from tabletop.bots.moves import worth_weighing
from tabletop.core.protocol import Bot, Command, Game, Policy, Result, View
from tabletop.core.rng import Rng

_DICE = 0x5DEECE66D  # a playout's dice are seeded apart from the world it is dealt
MAX_PLAYOUT = 5000  # commands: a playout longer than any real game is cut (two wizards who only ever pass...)


def random_policy(game: Game, state: object, seat: int, legal: list[Command], rng: Rng) -> Command:
    return legal[rng.below(len(legal))]


def heuristic_policy(bot: Bot, randomness: float = 0.2) -> Policy:
    """Playouts where every seat mostly plays like ``bot`` (on its own view of the sampled world).

    Opponents that play sensibly make a playout's outcome mean something; a little randomness keeps the
    playouts varied."""

    def policy(game: Game, state: object, seat: int, legal: list[Command], rng: Rng) -> Command:
        if len(legal) == 1:
            return legal[0]
        if rng.below(1000) < randomness * 1000:
            return legal[rng.below(len(legal))]
        return bot.choose(game.view(state, seat), rng)

    return policy


@dataclass
class Node:
    visits: int = 0
    total: float = 0.0
    available: int = 0
    children: dict[Command, Node] = field(default_factory=dict)


@dataclass
class SearchStats:
    iterations: int = 0
    seconds: float = 0.0
    searched: tuple[Command, ...] = ()  # the root moves the search tried


class ISMCTSBot:
    """``budget`` seconds of search per decision (also capped by ``max_iterations``)."""

    def __init__(
        self,
        game: Game,
        budget: float = 0.8,
        max_iterations: int = 100_000,
        exploration: float = 0.7,
        policy: Policy | None = None,
        bot_id: str = "search",
        prior: Bot | None = None,
        prior_weight: int = 6,
    ) -> None:
        self.game = game
        self.budget = budget
        self.max_iterations = max_iterations
        self.exploration = exploration
        self.policy = policy or game.search.playout_policy or random_policy
        self.id = bot_id
        self.last = SearchStats()
        # The game's heuristic bot, if given, seeds the root: its move starts with a few won visits, so the
        # search plays it unless the playouts find something clearly better.
        self.prior = prior
        self.prior_weight = prior_weight
        # Long games: a playout stops after ``playout_depth`` commands and the game's ``evaluate(state, seat)``
        # (a win chance in 0..1) stands for the end.
        self.evaluate = game.search.evaluate
        self.depth = game.search.playout_depth if self.evaluate is not None else None
        self._root_moves: set[Command] | None = None  # this decision's root moves (None: every legal one)

    def choose(self, view: View, rng: Rng) -> Command:
        legal = worth_weighing(self.game, view.legal)
        if len(legal) == 1:
            self.last = SearchStats()
            return legal[0]
        root = Node()
        start = time.perf_counter()
        suggested = self.prior.choose(view, rng) if self.prior is not None else None
        self._root_moves = self._candidates(view, legal, suggested)
        if self._root_moves is not None and len(self._root_moves) == 1 and suggested is not None and suggested in legal:
            self.last = SearchStats()  # the game narrowed the choice to its heuristic's move: nothing to compare
            return suggested
        margin = self._paired_margin(view, legal)
        if margin is not None:
            moves = [move for move in legal if self._root_moves is None or move in self._root_moves]
            return self._compare(view, moves, suggested if suggested in moves else None, rng, start, margin)
        if suggested is not None and suggested in legal:
            root.children[suggested] = Node(self.prior_weight, 0.6 * self.prior_weight, self.prior_weight)
        deadline = start + self.budget
        ceiling = start + 1.25 * self.budget  # the few iterations always made may not run past this
        iterations = 0
        # One iteration is always made, however slow the machine: a bot always answers from some search.
        while iterations < self.max_iterations and (
            iterations == 0 or time.perf_counter() < deadline or (iterations < 8 and time.perf_counter() < ceiling)
        ):
            world = self.game.sample(view, rng)
            self._iterate(root, world, view.seat, rng)
            iterations += 1
            if iterations % 32 == 0 and self._settled(root, iterations, start, deadline):
                break
        self.last = SearchStats(iterations, time.perf_counter() - start, tuple(root.children))
        if not root.children:  # no iteration at all (``max_iterations`` 0): the heuristic's move, or any
            return suggested if suggested in legal else legal[rng.below(len(legal))]
        best, node = max(root.children.items(), key=lambda item: (item[1].visits, item[1].total))
        if suggested is not None and best != suggested and suggested in root.children:
            # Leave the heuristic's move only on clear evidence: many more visits and a better mean.
            prior = root.children[suggested]
            clear = node.visits >= max(24, 2 * prior.visits) and node.total / node.visits > prior.total / prior.visits
            if not clear:
                best = suggested
        return best if best in legal else legal[0]

    def _paired_margin(self, view: View, legal: list[Command]) -> float | None:
        """The standard errors by which a move must beat the heuristic's when this decision is played out paired
        (``_compare``); None: the tree search decides."""
        search = self.game.search
        if search.paired_margin is not None:
            return search.paired_margin
        if search.paired_choice is not None and search.paired_choice(view, legal):
            return search.choice_margin
        return None

    def _compare(
        self, view: View, moves: list[Command], suggested: Command | None, rng: Rng, start: float, margin: float
    ) -> Command:
        """Flat Monte Carlo with common random numbers: each round deals one world consistent with ``view`` and
        plays every move in it, then the playout policy, with the same dice; a move's worth is its mean reward.

        Played on the same worlds, two moves differ only by what the moves themselves do, so a few dozen rounds
        tell apart moves that a tree, spreading the same playouts over independent worlds, cannot. The best mean
        is taken over the heuristic's move only when their paired differences put it ``margin`` standard
        errors ahead (the best of several means is always a little lucky)."""
        rewards: dict[Command, list[float | None]] = {move: [] for move in moves}
        deadline = start + self.budget
        spent = 0
        while self.max_iterations > 0 and (
            spent == 0 or (spent + len(moves) <= self.max_iterations and time.perf_counter() < deadline)
        ):
            seed = rng.next64()
            for move in moves:
                rewards[move].append(self._rollout(self.game.sample(view, Rng.from_seed(seed)), view.seat, move, seed))
            spent += len(moves)
        self.last = SearchStats(spent, time.perf_counter() - start, tuple(moves))
        if not spent:  # no playout at all (``max_iterations`` 0): the heuristic's move, or any
            return suggested if suggested is not None else moves[rng.below(len(moves))]

        def mean(move: Command) -> float:
            known = [reward for reward in rewards[move] if reward is not None]
            return sum(known) / len(known) if known else -1.0

        best = max(moves, key=mean)
        if suggested is None or best == suggested:
            return best
        gains = [
            mine - theirs
            for mine, theirs in zip(rewards[best], rewards[suggested], strict=True)
            if mine is not None and theirs is not None
        ]
        if len(gains) < 2:
            return suggested
        average = sum(gains) / len(gains)
        spread = math.sqrt(sum((gain - average) ** 2 for gain in gains) / (len(gains) - 1))
        return best if average > 0 and average > margin * spread / math.sqrt(len(gains)) else suggested

    def _rollout(self, state: object, seat: int, move: Command, seed: int) -> float | None:
        """``move`` in the sampled ``state``, then the playout policy (its dice from ``seed``) to the end, to
        ``playout_depth`` commands or past the game's ``choice_horizon``; the reward, or None when ``move`` is not
        legal in this world."""
        game = self.game
        if move not in game.legal(state, seat):
            return None
        dice = Rng.from_seed(seed ^ _DICE)
        horizon, settled = game.search.choice_horizon, game.search.settled_value
        mark = horizon(state) if horizon is not None and settled is not None else None
        game.play(state, move)
        steps = 0
        result = game.result(state)
        while result is None:
            if (self.depth is not None and steps >= self.depth) or steps >= MAX_PLAYOUT:
                break
            if horizon is not None and settled is not None and horizon(state) != mark:
                return float(settled(state, seat))  # (what follows is played the same whichever move was made)
            actors = game.to_act(state)
            actor = seat if seat in actors else actors[0]
            legal = worth_weighing(game, game.legal(state, actor))
            game.play(state, self.policy(game, state, actor, legal, dice))
            steps += 1
            result = game.result(state)
        if result is not None:
            return self.reward(state, seat, result)
        return float(self.evaluate(state, seat)) if self.evaluate is not None else 0.5

    def _candidates(self, view: View, legal: list[Command], suggested: Command | None) -> set[Command] | None:
        """The root moves to search, when the game narrows them (``search_candidates``: its heuristic's best few
        of a wide choice, so the budget is spent comparing moves worth comparing); None for all of them."""
        narrow = self.game.search.search_candidates
        if narrow is None:
            return None
        moves = set(narrow(view, legal))
        if suggested is not None:
            moves.add(suggested)
        return moves if moves else None

    def _settled(self, root: Node, iterations: int, start: float, deadline: float) -> bool:
        """True when the most visited move can no longer be overtaken in the time left (stop early)."""
        now = time.perf_counter()
        rate = iterations / max(now - start, 1e-6)
        left = min(self.max_iterations - iterations, rate * max(0.0, deadline - now))
        visits = sorted((child.visits for child in root.children.values()), reverse=True)
        return len(visits) > 1 and visits[0] - visits[1] > left

    def _iterate(self, root: Node, state: object, seat: int, rng: Rng) -> None:
        """One iteration: down the tree by the bot's own moves (others' moves by the playout policy), one new
        node, then the playout; the reward is added along the path."""
        game = self.game
        path = [root]
        node = root
        steps = 0
        result = game.result(state)  # (worked out once per step: in some games it scores the whole table)
        while result is None:
            actors = game.to_act(state)
            actor = seat if seat in actors else actors[0]
            if actor != seat:
                if steps >= self._step_limit():
                    break
                legal = worth_weighing(game, game.legal(state, actor))
                game.play(state, self.policy(game, state, actor, legal, rng))  # (from legal: no shape check)
                steps += 1
                result = game.result(state)
                continue
            legal = worth_weighing(game, game.legal(state, actor))
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
            else:
                command, child = self._select(node, legal)
            game.play(state, command)
            result = game.result(state)
            node = child
            path.append(node)
            if untried:  # a new node: the playout policy plays on from here
                result = self._playout(state, seat, rng, steps, result)
                break
        if result is not None:
            reward = self.reward(state, seat, result)
        elif self.evaluate is not None:
            reward = float(self.evaluate(state, seat))
        else:
            reward = 0.5  # a playout that would not end says nothing either way
        for visited in path:
            visited.visits += 1
            visited.total += reward

    def _step_limit(self) -> int:
        """The policy moves a playout makes at most (``playout_depth``, and never past ``MAX_PLAYOUT``)."""
        return MAX_PLAYOUT if self.depth is None else min(self.depth, MAX_PLAYOUT)

    def _playout(self, state: object, seat: int, rng: Rng, steps: int, result: Result | None) -> Result | None:
        """Every seat plays the policy from ``state`` (``steps`` policy moves already made) to the end or the step
        limit; the result, None when cut short. The loop of every playout step: the game's functions are looked
        up once, and ``legal`` is passed on as it is when the game leaves no move out (``worth_weighing``)."""
        game = self.game
        to_act, legal_of, play, result_of, policy = game.to_act, game.legal, game.play, game.result, self.policy
        weighs = game.bot_moves is not None
        limit = self._step_limit()
        while result is None and steps < limit:
            actors = to_act(state)
            actor = seat if seat in actors else actors[0]
            legal = legal_of(state, actor)
            if weighs:
                legal = worth_weighing(game, legal)
            play(state, policy(game, state, actor, legal, rng))
            steps += 1
            result = result_of(state)
        return result

    def _select(self, node: Node, legal: list[Command]) -> tuple[Command, Node]:
        best, best_value = None, -math.inf
        c = self.exploration
        for command in legal:
            child = node.children[command]
            value = child.total / child.visits + c * math.sqrt(math.log(max(1, child.available)) / child.visits)
            if value > best_value:
                best, best_value = command, value
        assert best is not None
        return best, node.children[best]

    def reward(self, state: object, seat: int, result: Result) -> float:
        """A share of the win in the finished game's ``result``, nudged by the score margin so close games still
        steer the search.

        With teams, a shared win is a full win for each member (``winners`` lists the whole team): the win is
        shared only among the winning teams."""
        team_of = self.game.search.team_of  # team games: the win is the team's, the margin over the other teams
        mine = team_of(state, seat) if team_of else seat
        sides = {team_of(state, winner) for winner in result.winners} if team_of else set(result.winners)
        win = 1.0 / len(sides) if seat in result.winners else 0.0
        others = [
            score
            for other, score in enumerate(result.scores)
            if other != seat and (team_of(state, other) if team_of else other) != mine
        ]
        margin = result.scores[seat] - max(others, default=0)
        scale = self.game.search.score_scale
        return 0.85 * win + 0.15 * (0.5 + 0.5 * math.tanh(margin / scale))
