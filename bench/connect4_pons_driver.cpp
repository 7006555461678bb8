// Times Pascal Pons' Connect Four solver position by position, for bench/connect4_pons.py.
//
// Built against a snapshot of github.com/PascalPons/connect4 (AGPL) that the benchmark
// unpacks into build/pons/; this file only calls its public Solver interface.
// Reads one position a line on stdin (MOVES, 1-based columns). Options: -w solves
// weakly, -r N solves each position N times. Before every solve the solver's table is
// cleared (untimed); a solve is timed in CPU time of this process. Prints, flushed,
// one line per position: "MOVES SCORE NODES MEDIAN_MICROSECONDS".
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <iostream>
#include <string>
#include <vector>

#include "Solver.hpp"

using GameSolver::Connect4::Position;
using GameSolver::Connect4::Solver;

static double cpu_microseconds() {
  timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

int main(int argc, char** argv) {
  bool weak = false;
  int repeats = 1;
  for (int i = 1; i < argc; i++) {
    if (std::strcmp(argv[i], "-w") == 0) weak = true;
    if (std::strcmp(argv[i], "-r") == 0 && i + 1 < argc) repeats = std::max(1, std::atoi(argv[++i]));
  }
  static Solver solver;  // a large table: not on the stack
  std::string line;
  while (std::getline(std::cin, line)) {
    Position position;
    if (position.play(line) != line.size()) {
      std::cout << line << " invalid" << std::endl;
      continue;
    }
    std::vector<double> times;
    int score = 0;
    unsigned long long nodes = 0;
    for (int r = 0; r < repeats; r++) {
      solver.reset();
      double start = cpu_microseconds();
      score = solver.solve(position, weak);
      times.push_back(cpu_microseconds() - start);
      nodes = solver.getNodeCount();
    }
    std::sort(times.begin(), times.end());
    std::cout << line << " " << score << " " << nodes << " " << times[times.size() / 2] << std::endl;
  }
  return 0;
}
