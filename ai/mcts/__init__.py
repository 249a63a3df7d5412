"""Monte Carlo tree search (UCT): the searcher ``mcts`` and what the lab reads of it.

The package is small modules, each one idea of the algorithm:

- ``tree``: the nodes (visits N, total reward W, untried moves; chance nodes whose children
  are the outcomes, sampled by their probabilities);
- ``ucb``: UCB1's two terms, exploitation and exploration, and the selection they make;
- ``reward``: a finished playout's reward in the game's units (its profile says them);
- ``playout``: the uniformly random playout and the ε-greedy one guided by an evaluator;
- ``observe``: the four phases of one iteration as plain data, for an optional observer;
- ``snapshot``: a read-only copy of the tree with each node's UCB parts;
- ``keep``: the trees kept between moves (found again by the position reached);
- ``units``: how a mean reward reads to a person;
- ``searcher``: ``MctsSearcher``, the ai.api Searcher registered as "mcts".

Nothing here names a game: the reward comes from the game's profile, a guided playout's
evaluator from its kit (ai.kit.GameAI.playout_guide).
"""
