// Through-holes in a loft: a tube (straight axis, star-shaped section that may vary along the
// axis) joining two windows of the loft's surface. Each window is filled with an annulus from
// its rectangular boundary to the rim where the tube meets the surface, so the mesh stays closed
// and free of T-junctions, and its genus grows by one per hole.
#pragma once

#include <functional>
#include <vector>

#include "generator/loft.h"

namespace contactsim::models {

struct TubeSpec {
  Vec3 origin = Vec3::Zero();
  Vec3 axis = Vec3::UnitZ();  // unit
  Vec3 e1 = Vec3::UnitX();    // unit, perpendicular to axis; theta = 0 points along it
  // Distance of the tube wall from the axis at angle theta (about axis, from e1 towards
  // axis x e1) and axial coordinate zeta (from origin along axis).
  std::function<double(double theta, double zeta)> radius;
  double ring_spacing = 0.0;  // tube ring spacing; 0: the rim's mean edge length
  Vec3 e2() const { return axis.cross(e1); }
  Vec3 wallPoint(double theta, double zeta) const;
};

// Where the tube meets one surface, sampled by angle.
struct Rim {
  Eigen::Vector2d centre = Eigen::Vector2d::Zero();  // (p, s) where the axis meets the surface
  double centre_zeta = 0.0;
  std::vector<double> theta;
  std::vector<double> zeta;
  std::vector<Eigen::Vector2d> params;
  // Bounding box of params.
  Eigen::Vector2d lo() const;
  Eigen::Vector2d hi() const;
};

// `guess` is a surface parameter near the axis. Throws when the solve fails.
Rim traceRim(const std::function<Vec3(double p, double s)>& surface, Eigen::Vector2d guess,
             const TubeSpec& tube, int samples = 720);

// Loft parameter of the node of `side` closest to the tube axis (a starting guess).
Eigen::Vector2d nearestNodeToAxis(const Loft& loft, int side, const TubeSpec& tube);

// Annuli in both windows and the tube between them. The two windows must face opposite ways
// along the axis (a hole through a solid), and their loops must be equally long.
void addThroughHole(MeshBuilder& builder, const WindowLoop& a, const Rim& rim_a,
                    const WindowLoop& b, const Rim& rim_b, const TubeSpec& tube);

// The usual sequence for one hole between two sides of a loft: traces both rims, fits windows
// with `margin` cells around them and equalises their perimeters. Returns the two windows.
struct HolePlan {
  TubeSpec tube;
  Rim rim_a, rim_b;
  Window window_a, window_b;
};
HolePlan planHole(const Loft& loft, int side_a, int side_b, const TubeSpec& tube, int margin);

}  // namespace contactsim::models
