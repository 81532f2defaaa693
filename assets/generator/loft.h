// Loft: closed cross-sections placed along a parameter and joined into one closed surface, with
// optional rectangular windows (groups of grid cells left open for through-holes) and ring caps.
#pragma once

#include <functional>
#include <vector>

#include "geometry/mesh_builder.h"

namespace contactsim::models {

// One vertex of the section loop: the section side it lies on and its parameter on that side.
// Within a side the parameter increases along the loop, and the surface is smooth in (p, s).
struct AroundNode {
  int side = 0;
  double p = 0.0;
};

// Point of the lateral surface for a side, a side parameter and the along parameter.
using LoftSurface = std::function<Vec3(int side, double p, double s)>;

struct LoftSpec {
  // The section loop, counter-clockwise seen from the +s end (so that the lateral quads
  // (a, j) (a+1, j) (a+1, j+1) (a, j+1) face outward).
  std::vector<AroundNode> around;
  std::vector<double> along;  // increasing s of the sections
  LoftSurface surface;
  int start_cap_rings = 4;  // rings of the planar caps closing the first and the last section
  int end_cap_rings = 4;
};

// Cells a0..a1-1 around (no wrap-around; all nodes a0..a1 on one side) by j0..j1-1 along.
struct Window {
  int a0 = 0, a1 = 0, j0 = 0, j1 = 0;
  int perimeter() const { return 2 * ((a1 - a0) + (j1 - j0)); }
};

// A window's boundary as left in the mesh: counter-clockwise seen from outside, with the side
// parameters of each vertex and the smooth surface of that side.
struct WindowLoop {
  std::vector<std::int32_t> ids;
  std::vector<Eigen::Vector2d> params;  // (p, s)
  std::function<Vec3(double p, double s)> surface;
};

class Loft {
 public:
  explicit Loft(LoftSpec spec) : spec_(std::move(spec)) {}
  const LoftSpec& spec() const { return spec_; }
  // Smallest window containing the parameter box [p0, p1] x [s0, s1] of `side`, grown by
  // `margin` cells on every edge. Throws when it does not fit on the side.
  Window windowAround(int side, double p0, double p1, double s0, double s1, int margin) const;
  // Grows `w` by `cells` cells (alternating edges, staying on its side). Throws when it can't.
  Window grow(Window w, int cells) const;
  // Creates the vertices, the lateral quads outside the windows and the caps; returns the
  // window loops in the order of `windows`.
  std::vector<WindowLoop> build(MeshBuilder& builder, const std::vector<Window>& windows) const;

 private:
  // First and last around index of the side of node a.
  std::pair<int, int> sideRange(int a) const;
  LoftSpec spec_;
};

}  // namespace contactsim::models
