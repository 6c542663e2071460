// temporal_eval CORPUS.json [--json] [--max-failures N]: runs one temporal corpus.
#include <cstdlib>
#include <cstring>
#include <iostream>

#include "eval/temporal/temporal_eval.h"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: temporal_eval CORPUS.json [--json] [--max-failures N]\n";
    return 2;
  }
  bool as_json = false;
  int max_failures = 50;
  for (int i = 2; i < argc; ++i) {
    if (std::strcmp(argv[i], "--json") == 0) as_json = true;
    if (std::strcmp(argv[i], "--max-failures") == 0 && i + 1 < argc) {
      max_failures = std::atoi(argv[++i]);
    }
  }
  auto report = engram::RunTemporalEval(argv[1]);
  if (!report.ok()) {
    std::cerr << report.status().ToString() << "\n";
    return 1;
  }
  if (as_json) {
    std::cout << engram::ReportToJson(*report) << "\n";
  } else {
    engram::PrintReport(*report, std::cout, max_failures);
  }
  return 0;
}
