"""AND/OR graphs (与/或图) and the search of decomposable problems.

An AND/OR graph is a hypergraph whose k-connectors (k-连接符) join a parent
node to a set of k successors that must *all* be solved. Here live the graph
model (built in code or parsed from the course's rewrite-rule notation),
solution graphs (解图) and their cost k(n, N), solvable nodes (能解节点), the
monotone restriction, and Nilsson's AO* algorithm with one snapshot per cycle.
"""
