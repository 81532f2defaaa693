#include "contact/contour_builder.h"

#include <algorithm>
#include <unordered_set>

#include "geometry/point_welder.h"

namespace contactsim {
namespace {

struct GraphEdge {
  std::int32_t from, to, pair;
};

// Walks unused edges from `start` until it returns to `start` or gets stuck (an open end).
ContourLoop walk(std::int32_t start, const std::vector<GraphEdge>& edges,
                 const std::vector<std::vector<std::int32_t>>& incident, std::vector<bool>& used,
                 const std::vector<Vec3>& nodes) {
  ContourLoop loop;
  std::int32_t current = start;
  loop.points.push_back(nodes[current]);
  for (;;) {
    const auto& around = incident[current];
    const auto next =
        std::find_if(around.begin(), around.end(), [&](std::int32_t e) { return !used[e]; });
    if (next == around.end()) break;
    used[*next] = true;
    const GraphEdge& e = edges[*next];
    current = e.from == current ? e.to : e.from;
    loop.pairs.push_back(e.pair);
    if (current == start) {
      loop.closed = true;
      break;
    }
    loop.points.push_back(nodes[current]);
  }
  return loop;
}

}  // namespace

std::vector<ContourLoop> buildContours(std::span<const ContourSegment> segments,
                                       double merge_tolerance) {
  if (segments.empty()) return {};
  PointWelder welder(segments.front().p0, merge_tolerance, 2 * segments.size());
  std::vector<GraphEdge> edges;
  edges.reserve(segments.size());
  std::unordered_set<std::uint64_t> seen;
  for (const ContourSegment& s : segments) {
    const std::int32_t a = welder.insert(s.p0);
    const std::int32_t b = welder.insert(s.p1);
    if (a == b) continue;  // shorter than the tolerance: a point, not a piece of contour
    // Two pairs can report the same piece (a segment through a shared mesh edge): keep one.
    const auto key = (static_cast<std::uint64_t>(std::min(a, b)) << 32) |
                     static_cast<std::uint32_t>(std::max(a, b));
    if (!seen.insert(key).second) continue;
    edges.push_back({a, b, s.pair});
  }
  const std::vector<Vec3>& nodes = welder.points();
  std::vector<std::vector<std::int32_t>> incident(nodes.size());
  for (std::size_t e = 0; e < edges.size(); ++e) {
    incident[edges[e].from].push_back(static_cast<std::int32_t>(e));
    incident[edges[e].to].push_back(static_cast<std::int32_t>(e));
  }

  std::vector<bool> used(edges.size(), false);
  std::vector<ContourLoop> loops;
  // Open chains first, from their odd-degree ends, so that no chain is cut in the middle.
  for (std::size_t n = 0; n < nodes.size(); ++n) {
    if (incident[n].size() % 2 == 1) {
      ContourLoop chain = walk(static_cast<std::int32_t>(n), edges, incident, used, nodes);
      if (!chain.pairs.empty()) loops.push_back(std::move(chain));
    }
  }
  for (std::size_t n = 0; n < nodes.size(); ++n) {
    for (;;) {
      ContourLoop loop = walk(static_cast<std::int32_t>(n), edges, incident, used, nodes);
      if (loop.pairs.empty()) break;
      loops.push_back(std::move(loop));
    }
  }
  return loops;
}

}  // namespace contactsim
