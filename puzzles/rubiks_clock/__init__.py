"""The Rubik's Clock (issue 37), exact in both metrics: the engine, not yet registered as a puzzle.

`engine` has the entry points (distance, solve, count, nth, random_answer);
`model` the dials and moves; `notation` reading scrambles and the compact
form and writing WCA notation; `solver` the two metrics' exact methods.
"""
