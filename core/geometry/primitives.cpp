#include "geometry/primitives.h"

#include <cmath>
#include <map>
#include <numbers>
#include <stdexcept>
#include <utility>

#include "geometry/weld.h"

namespace contactsim {
namespace {

// A box whose faces are gridded with `divisions` cells along each axis. Faces are generated
// independently and welded, so the shared edges get one set of vertices.
TriMesh makeGriddedBox(const Vec3& half, const Eigen::Vector3i& divisions) {
  if (!(half.array() > 0.0).all() || !(divisions.array() > 0).all()) {
    throw std::invalid_argument("box half extents and divisions must be positive");
  }
  std::vector<Vec3> points;
  std::vector<TriangleIndices> triangles;
  for (int axis = 0; axis < 3; ++axis) {
    const int u_axis = (axis + 1) % 3;
    const int v_axis = (axis + 2) % 3;
    const int nu = divisions[u_axis];
    const int nv = divisions[v_axis];
    for (const double side : {-1.0, 1.0}) {
      const auto base = static_cast<std::int32_t>(points.size());
      for (int j = 0; j <= nv; ++j) {
        for (int i = 0; i <= nu; ++i) {
          Vec3 p;
          p[axis] = side * half[axis];
          p[u_axis] = half[u_axis] * (2.0 * i / nu - 1.0);
          p[v_axis] = half[v_axis] * (2.0 * j / nv - 1.0);
          points.push_back(p);
        }
      }
      for (int j = 0; j < nv; ++j) {
        for (int i = 0; i < nu; ++i) {
          const std::int32_t a = base + j * (nu + 1) + i;
          const std::int32_t b = a + 1;
          const std::int32_t c = a + (nu + 1) + 1;
          const std::int32_t d = a + (nu + 1);
          // (u, v, axis) is right-handed, so a->b->c is counter-clockwise seen from +axis.
          if (side > 0) {
            triangles.push_back({a, b, c});
            triangles.push_back({a, c, d});
          } else {
            triangles.push_back({a, c, b});
            triangles.push_back({a, d, c});
          }
        }
      }
    }
  }
  return weldTriangleSoup(points, triangles, 1e-9);
}

// Vertex (i mod segments) of ring j of a wall of `segments` vertices around.
std::int32_t wallIndex(std::int32_t base, int segments, int i, int j) {
  return base + j * segments + i % segments;
}

// A wall of rings about z, z from -length/2 to length/2, facing out (or in, towards the axis).
void addWall(std::vector<Vec3>& vertices, std::vector<TriangleIndices>& triangles, double radius,
             double length, int segments, int rings, bool facing_axis) {
  const auto base = static_cast<std::int32_t>(vertices.size());
  for (int j = 0; j <= rings; ++j) {
    for (int i = 0; i < segments; ++i) {
      const double angle = 2.0 * std::numbers::pi * i / segments;
      vertices.emplace_back(radius * std::cos(angle), radius * std::sin(angle),
                            length * (static_cast<double>(j) / rings - 0.5));
    }
  }
  for (int j = 0; j < rings; ++j) {
    for (int i = 0; i < segments; ++i) {
      const std::int32_t a = wallIndex(base, segments, i, j),
                         b = wallIndex(base, segments, i + 1, j),
                         c = wallIndex(base, segments, i + 1, j + 1),
                         d = wallIndex(base, segments, i, j + 1);
      // (angle, z) is right-handed with the outward radial direction.
      if (facing_axis) {
        triangles.push_back({a, c, b});
        triangles.push_back({a, d, c});
      } else {
        triangles.push_back({a, b, c});
        triangles.push_back({a, c, d});
      }
    }
  }
}

void checkRound(double radius, double length, int segments, int rings) {
  if (!(radius > 0.0 && length > 0.0) || segments < 3 || rings < 1) {
    throw std::invalid_argument("cylinder and tube need positive sizes, >= 3 segments, >= 1 ring");
  }
}

}  // namespace

TriMesh makeBox(const Vec3& half_extents, int divisions) {
  return makeGriddedBox(half_extents, Eigen::Vector3i::Constant(divisions));
}

TriMesh makePlate(double size_x, double size_y, double thickness, int divisions) {
  if (!(size_x > 0 && size_y > 0 && thickness > 0 && divisions > 0)) {
    throw std::invalid_argument("plate sizes and divisions must be positive");
  }
  const double longest = std::max(size_x, size_y);
  const Eigen::Vector3i cells(
      std::max(1, static_cast<int>(std::lround(divisions * size_x / longest))),
      std::max(1, static_cast<int>(std::lround(divisions * size_y / longest))), 1);
  const TriMesh box = makeGriddedBox(Vec3(size_x / 2, size_y / 2, thickness / 2), cells);
  std::vector<Vec3> vertices = box.vertices();
  for (Vec3& v : vertices) v.z() -= thickness / 2;  // top face at z = 0
  return TriMesh(std::move(vertices), box.triangles());
}

TriMesh makeIcosphere(double radius, int level) {
  if (!(radius > 0.0) || level < 0 || level > 9) {
    throw std::invalid_argument("icosphere needs radius > 0 and 0 <= level <= 9");
  }
  const double phi = (1.0 + std::sqrt(5.0)) / 2.0;
  std::vector<Vec3> vertices = {{-1, phi, 0}, {1, phi, 0}, {-1, -phi, 0}, {1, -phi, 0},
                                {0, -1, phi}, {0, 1, phi}, {0, -1, -phi}, {0, 1, -phi},
                                {phi, 0, -1}, {phi, 0, 1}, {-phi, 0, -1}, {-phi, 0, 1}};
  for (Vec3& v : vertices) v.normalize();
  std::vector<TriangleIndices> triangles = {
      {0, 11, 5},  {0, 5, 1},  {0, 1, 7},  {0, 7, 10}, {0, 10, 11}, {1, 5, 9}, {5, 11, 4},
      {11, 10, 2}, {10, 7, 6}, {7, 1, 8},  {3, 9, 4},  {3, 4, 2},   {3, 2, 6}, {3, 6, 8},
      {3, 8, 9},   {4, 9, 5},  {2, 4, 11}, {6, 2, 10}, {8, 6, 7},   {9, 8, 1}};
  for (int l = 0; l < level; ++l) {
    std::map<std::pair<std::int32_t, std::int32_t>, std::int32_t> midpoints;
    auto midpoint = [&](std::int32_t a, std::int32_t b) {
      const auto key = std::minmax(a, b);
      const auto [it, inserted] =
          midpoints.try_emplace(key, static_cast<std::int32_t>(vertices.size()));
      if (inserted) vertices.push_back((vertices[a] + vertices[b]).normalized());
      return it->second;
    };
    std::vector<TriangleIndices> finer;
    finer.reserve(triangles.size() * 4);
    for (const auto& [a, b, c] : triangles) {
      const std::int32_t ab = midpoint(a, b), bc = midpoint(b, c), ca = midpoint(c, a);
      finer.push_back({a, ab, ca});
      finer.push_back({b, bc, ab});
      finer.push_back({c, ca, bc});
      finer.push_back({ab, bc, ca});
    }
    triangles = std::move(finer);
  }
  for (Vec3& v : vertices) v *= radius;
  return TriMesh(std::move(vertices), std::move(triangles));
}

TriMesh makeTorus(double major_radius, double minor_radius, int major_segments,
                  int minor_segments) {
  if (!(major_radius > minor_radius && minor_radius > 0.0) || major_segments < 3 ||
      minor_segments < 3) {
    throw std::invalid_argument("torus needs R > r > 0 and at least 3 segments each way");
  }
  std::vector<Vec3> vertices;
  vertices.reserve(static_cast<std::size_t>(major_segments) * minor_segments);
  for (int i = 0; i < major_segments; ++i) {
    const double theta = 2.0 * std::numbers::pi * i / major_segments;
    for (int j = 0; j < minor_segments; ++j) {
      const double psi = 2.0 * std::numbers::pi * j / minor_segments;
      const double ring = major_radius + minor_radius * std::cos(psi);
      vertices.emplace_back(ring * std::cos(theta), ring * std::sin(theta),
                            minor_radius * std::sin(psi));
    }
  }
  auto index = [&](int i, int j) {
    return static_cast<std::int32_t>((i % major_segments) * minor_segments + (j % minor_segments));
  };
  std::vector<TriangleIndices> triangles;
  triangles.reserve(2 * vertices.size());
  for (int i = 0; i < major_segments; ++i) {
    for (int j = 0; j < minor_segments; ++j) {
      // theta grows counter-clockwise about z, psi outward-then-up: (theta, psi) order is outward.
      triangles.push_back({index(i, j), index(i + 1, j), index(i + 1, j + 1)});
      triangles.push_back({index(i, j), index(i + 1, j + 1), index(i, j + 1)});
    }
  }
  return TriMesh(std::move(vertices), std::move(triangles));
}

TriMesh makeCylinder(double radius, double length, int segments, int rings) {
  checkRound(radius, length, segments, rings);
  std::vector<Vec3> vertices;
  std::vector<TriangleIndices> triangles;
  addWall(vertices, triangles, radius, length, segments, rings, false);
  for (const int j : {0, rings}) {
    const auto centre = static_cast<std::int32_t>(vertices.size());
    const bool top = j == rings;
    vertices.emplace_back(0.0, 0.0, top ? length / 2 : -length / 2);
    for (int i = 0; i < segments; ++i) {
      const std::int32_t a = wallIndex(0, segments, i, j), b = wallIndex(0, segments, i + 1, j);
      if (top)
        triangles.push_back({centre, a, b});
      else
        triangles.push_back({centre, b, a});
    }
  }
  return TriMesh(std::move(vertices), std::move(triangles));
}

TriMesh makeTube(double inner_radius, double outer_radius, double length, int segments, int rings) {
  checkRound(inner_radius, length, segments, rings);
  if (!(outer_radius > inner_radius)) throw std::invalid_argument("tube needs outer > inner");
  std::vector<Vec3> vertices;
  std::vector<TriangleIndices> triangles;
  addWall(vertices, triangles, outer_radius, length, segments, rings, false);
  const auto inner = static_cast<std::int32_t>(vertices.size());
  addWall(vertices, triangles, inner_radius, length, segments, rings, true);
  for (const int j : {0, rings}) {
    for (int i = 0; i < segments; ++i) {
      const std::int32_t a = wallIndex(0, segments, i, j), b = wallIndex(0, segments, i + 1, j),
                         c = wallIndex(inner, segments, i + 1, j),
                         d = wallIndex(inner, segments, i, j);
      // Outer a -> b runs counter-clockwise seen from +z: that order faces up on the top end.
      if (j == rings) {
        triangles.push_back({a, b, c});
        triangles.push_back({a, c, d});
      } else {
        triangles.push_back({a, c, b});
        triangles.push_back({a, d, c});
      }
    }
  }
  return TriMesh(std::move(vertices), std::move(triangles));
}

TriMesh makeSphericalShell(double inner_radius, double outer_radius, int level) {
  if (!(inner_radius > 0.0 && outer_radius > inner_radius)) {
    throw std::invalid_argument("spherical shell needs 0 < inner radius < outer radius");
  }
  const TriMesh outer = makeIcosphere(outer_radius, level);
  const TriMesh inner = makeIcosphere(inner_radius, level);
  std::vector<Vec3> vertices = outer.vertices();
  vertices.insert(vertices.end(), inner.vertices().begin(), inner.vertices().end());
  std::vector<TriangleIndices> triangles = outer.triangles();
  const auto base = static_cast<std::int32_t>(outer.vertexCount());
  for (const auto& [a, b, c] : inner.triangles())
    triangles.push_back({a + base, c + base, b + base});
  return TriMesh(std::move(vertices), std::move(triangles));
}

}  // namespace contactsim
