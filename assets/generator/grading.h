// Node distributions for structured grids: fine inside a band, growing geometrically outside it.
#pragma once

#include <vector>

namespace contactsim::models {

// Nodes from `t0` to `t1` (both included, increasing) whose spacing is about `fine` inside
// [band0, band1], grows by at most `growth` per cell away from the band and never exceeds
// `coarse`. Deterministic: the spacing function is integrated on a fixed table.
std::vector<double> gradedNodes(double t0, double t1, double band0, double band1, double fine,
                                double coarse, double growth = 1.12);

// A range of the parameter meshed at about `spacing`.
struct NodeBand {
  double from = 0.0, to = 0.0, spacing = 0.0;
};
// The same with several bands (nested or apart): the spacing at t is the smallest that any band
// asks there, each growing by at most `growth` per cell away from its band, capped by `coarse`.
std::vector<double> gradedNodes(double t0, double t1, const std::vector<NodeBand>& bands,
                                double coarse, double growth = 1.12);

// `count` + 1 equally spaced nodes from t0 to t1.
std::vector<double> uniformNodes(double t0, double t1, int count);

}  // namespace contactsim::models
