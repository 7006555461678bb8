// Times Pascal Pons' Connect Four solver position by position, for bench/connect4_pons.py.
//
// Built against a snapshot of github.com/PascalPons/connect4 (AGPL) fetched into
// build/pons/ by the benchmark; this file only calls its public Solver interface.
// Reads "MOVES" lines (1-based columns) on stdin; with -w it solves weakly. For each
// line it clears the solver's table (untimed), solves, and prints
// "MOVES SCORE NODES MICROSECONDS".
#include <chrono>
#include <cstring>
#include <iostream>
#include <string>

#include "Solver.hpp"

using GameSolver::Connect4::Position;
using GameSolver::Connect4::Solver;

int main(int argc, char** argv) {
  bool weak = argc > 1 && std::strcmp(argv[1], "-w") == 0;
  static Solver solver;  // large table: keep it off the stack
  std::string line;
  while (std::getline(std::cin, line)) {
    Position position;
    if (position.play(line) != line.size()) {
      std::cout << line << " invalid" << std::endl;
      continue;
    }
    solver.reset();
    auto start = std::chrono::steady_clock::now();
    int score = solver.solve(position, weak);
    auto stop = std::chrono::steady_clock::now();
    double micro = std::chrono::duration<double, std::micro>(stop - start).count();
    std::cout << line << " " << score << " " << solver.getNodeCount() << " " << micro << std::endl;
  }
  return 0;
}
