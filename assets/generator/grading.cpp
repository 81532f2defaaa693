#include "generator/grading.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace contactsim::models {

std::vector<double> gradedNodes(double t0, double t1, double band0, double band1, double fine,
                                double coarse, double growth) {
  return gradedNodes(t0, t1, {{band0, band1, fine}}, coarse, growth);
}

std::vector<double> gradedNodes(double t0, double t1, const std::vector<NodeBand>& bands,
                                double coarse, double growth) {
  const bool bands_valid =
      !bands.empty() && std::all_of(bands.begin(), bands.end(), [&](const NodeBand& b) {
        return b.spacing > 0 && coarse >= b.spacing;
      });
  if (!(t1 > t0) || !bands_valid || !(growth > 1.0)) {
    throw std::invalid_argument("gradedNodes: bad range, spacing or growth");
  }
  // Desired spacing h(t): fine in the band, then h grows linearly with the distance d from the
  // band at the rate (growth - 1) -- a geometric progression of cell sizes -- capped by coarse.
  const auto spacing = [&](double t) {
    double h = coarse;
    for (const NodeBand& b : bands) {
      const double d = std::max({0.0, b.from - t, t - b.to});
      h = std::min(h, b.spacing + (growth - 1.0) * d);
    }
    return h;
  };
  constexpr int kTable = 20000;
  std::vector<double> cumulative(kTable + 1, 0.0);  // integral of 1/h: cell count up to t
  const double dt = (t1 - t0) / kTable;
  for (int i = 0; i < kTable; ++i) {
    const double tm = t0 + (i + 0.5) * dt;
    cumulative[i + 1] = cumulative[i] + dt / spacing(tm);
  }
  const int cells = std::max(1, static_cast<int>(std::lround(cumulative.back())));
  std::vector<double> nodes(cells + 1);
  nodes.front() = t0;
  nodes.back() = t1;
  int i = 0;
  for (int k = 1; k < cells; ++k) {
    const double target = cumulative.back() * k / cells;
    while (cumulative[i + 1] < target) ++i;
    const double f = (target - cumulative[i]) / (cumulative[i + 1] - cumulative[i]);
    nodes[k] = t0 + (i + f) * dt;
  }
  return nodes;
}

std::vector<double> uniformNodes(double t0, double t1, int count) {
  if (count < 1) throw std::invalid_argument("uniformNodes: count must be positive");
  std::vector<double> nodes(count + 1);
  for (int k = 0; k <= count; ++k) nodes[k] = t0 + (t1 - t0) * k / count;
  return nodes;
}

}  // namespace contactsim::models
