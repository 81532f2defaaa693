// The nearest of a set of points to a query point, among those whose cell of a uniform grid lies
// within one cell of the query's along every axis (a k-d tree over the points).
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "geometry/types.h"

namespace contactsim {

// A contact region's triangles form a thin, curved sheet (a thread's helical flank, a ring round
// a shaft) whose triangles may be far smaller than the grid's cells (an anchor's facets on a
// hull's plating). A tree split at the median along each subset's widest spread keeps a query
// logarithmic in the points whatever their layout, where a scan along one axis visits every point
// of a slab through a curved sheet (docs/method.md, "Splitting non-planar regions").
class NearestInCells {
 public:
  // The points points[i], i in `members` (indices into `points`), on a grid of cubes of side
  // `cell` with a corner at the origin. Both are copied.
  NearestInCells(std::span<const Vec3> points, std::span<const std::size_t> members, double cell);

  // Index of the member nearest x (Euclidean) among those whose cell is within one of x's cell
  // along every axis, the lowest index among equals; −1 if there is none.
  std::ptrdiff_t nearest(const Vec3& x) const;

 private:
  struct Node {
    Vec3 point;
    std::size_t index;     // into the points given
    Eigen::Vector3i cell;  // its grid cell
    int axis = -1;         // the split axis of the subtree it is the median of
  };
  struct Query;
  void build(std::size_t begin, std::size_t end);
  void search(std::size_t begin, std::size_t end, Query& q) const;
  Eigen::Vector3i cellOf(const Vec3& x) const;

  double cell_;
  std::vector<Node> nodes_;
};

}  // namespace contactsim
