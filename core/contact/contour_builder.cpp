#include "contact/contour_builder.h"

#include <algorithm>
#include <unordered_set>

#include "geometry/point_welder.h"

namespace contactsim {
namespace {

struct GraphEdge {
  std::int32_t from, to, pair;
};

// Walks unused edges from `start` until it gets stuck, and cuts off a closed loop whenever the
// walk comes back to any vertex already on its path, not only to `start`. A walk that closed only
// at `start` would go on, at a vertex where loops touch, into the other loop, and the one
// figure-eight it returned can turn its lobes opposite ways: its area the difference of theirs.
// What is left is a path through distinct vertices, an open chain if it has edges.
// `position` (the index of each vertex on the path, or -1) is all -1 on entry and on return.
void walk(std::int32_t start, const std::vector<GraphEdge>& edges,
          const std::vector<std::vector<std::int32_t>>& incident, std::vector<bool>& used,
          const std::vector<Vec3>& nodes, std::vector<std::int32_t>& position,
          std::vector<ContourLoop>& loops) {
  std::vector<std::int32_t> path = {start};
  std::vector<std::int32_t> pairs;  // pairs[i] joins path[i] and path[i + 1]
  position[start] = 0;
  for (;;) {
    const auto& around = incident[path.back()];
    const auto next =
        std::find_if(around.begin(), around.end(), [&](std::int32_t e) { return !used[e]; });
    if (next == around.end()) break;
    used[*next] = true;
    const GraphEdge& e = edges[*next];
    const std::int32_t current = e.from == path.back() ? e.to : e.from;
    pairs.push_back(e.pair);
    if (position[current] < 0) {
      position[current] = static_cast<std::int32_t>(path.size());
      path.push_back(current);
      continue;
    }
    // Back on the path: path[first..] is a simple loop. It starts at a vertex of its own if it
    // has one, since projectRegion decides nesting by a loop's first point, and a vertex where
    // loops touch lies on both.
    const std::size_t first = position[current];
    const std::size_t n = path.size() - first;
    std::size_t own = 0;
    while (own < n && incident[path[first + own]].size() != 2) ++own;
    if (own == n) own = 0;
    ContourLoop& loop = loops.emplace_back();
    loop.closed = true;
    for (std::size_t i = 0; i < n; ++i) {
      const std::size_t k = first + (own + i) % n;
      loop.points.push_back(nodes[path[k]]);
      loop.pairs.push_back(pairs[k]);
    }
    for (std::size_t k = first + 1; k < path.size(); ++k) position[path[k]] = -1;
    path.resize(first + 1);
    pairs.resize(first);
  }
  for (const std::int32_t v : path) position[v] = -1;
  if (pairs.empty()) return;
  ContourLoop& chain = loops.emplace_back();
  for (const std::int32_t v : path) chain.points.push_back(nodes[v]);
  chain.pairs = std::move(pairs);
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
  std::vector<std::int32_t> position(nodes.size(), -1);
  std::vector<ContourLoop> loops;
  // Open chains first, from their odd-degree ends, so that no chain is cut in the middle.
  for (std::size_t n = 0; n < nodes.size(); ++n) {
    if (incident[n].size() % 2 == 1)
      walk(static_cast<std::int32_t>(n), edges, incident, used, nodes, position, loops);
  }
  // Every vertex has an even number of unused edges left: the walks from here close loops only.
  for (std::size_t n = 0; n < nodes.size(); ++n)
    walk(static_cast<std::int32_t>(n), edges, incident, used, nodes, position, loops);
  return loops;
}

}  // namespace contactsim
