"""Answer checks that the exercise notebooks call, one module per exercise set.

``coursekit.checks.chNN`` checks ``exercises/NN_topic.ipynb``. A check prints
one short success line when an answer is right and raises ``AssertionError``
with a hint about *what is wrong* when it is not. The expected answers are
never stored in plain text: checks compute them from the problem with
coursekit's own algorithms, or compare digests (see :mod:`coursekit.checks.common`).
"""
