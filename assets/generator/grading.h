// Node distributions for structured grids: fine inside a band, growing geometrically outside it.
#pragma once

#include <vector>

namespace contactsim::models {

// Nodes from `t0` to `t1` (both included, increasing) whose spacing is about `fine` inside
// [band0, band1], grows by at most `growth` per cell away from the band and never exceeds
// `coarse`. Deterministic: the spacing function is integrated on a fixed table.
std::vector<double> gradedNodes(double t0, double t1, double band0, double band1, double fine,
                                double coarse, double growth = 1.12);

// `count` + 1 equally spaced nodes from t0 to t1.
std::vector<double> uniformNodes(double t0, double t1, int count);

}  // namespace contactsim::models
