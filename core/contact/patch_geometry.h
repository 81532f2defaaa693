// Contact plane, projected area and centroid of a region's contour loops (Dopico et al. §IV.D–E;
// docs/method.md, steps 4–5).
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "geometry/types.h"

namespace contactsim {

struct ContactPlane {
  Vec3 origin = Vec3::Zero();  // length-weighted centroid of the contour
  Vec3 normal = Vec3::UnitZ();
  Vec3 axis_u = Vec3::UnitX(), axis_v = Vec3::UnitY();  // (axis_u, axis_v, normal) right-handed
  // √(λ_min/λ_mid) of the contour's covariance: ~0 for a flat contour, towards 1 when the
  // contour is as thick out of the plane as it is wide in it (the plane is then arbitrary).
  double thickness_ratio = 0.0;
};

// Total-least-squares plane through closed polylines, each segment weighted by its length (the
// covariance is the line integral along the contour), so that the fit does not depend on how
// finely the contour is cut. nullopt when the contour is a point or a straight line.
std::optional<ContactPlane> fitContactPlane(std::span<const std::vector<Vec3>> loops);

// A plane with the given origin and normal and some in-plane axes.
ContactPlane planeFromNormal(const Vec3& origin, const Vec3& unit_normal);

struct ProjectedRegion {
  double area = 0.0;
  Vec3 centroid = Vec3::Zero();  // in the plane, world coordinates
  // ∫ r rᵀ dA / area, r the in-plane offset from the centroid: the region's spread about it (a
  // disc of radius R: R²/4 along both in-plane axes; an a × b rectangle a²/12 and b²/12 along its
  // sides). Zero without area.
  Mat3 second_moment = Mat3::Zero();
};

// Loops projected into the plane (Dopico et al. eq. 25, shoelace). Holes are found by nesting (a
// loop inside an odd number of others subtracts), whatever the loops' walking direction.
ProjectedRegion projectRegion(const ContactPlane& plane, std::span<const std::vector<Vec3>> loops);

// ∮½ x × dx of the loops, each walked as an outer boundary about +normal or, nested inside
// another, as a hole. For loops that bound a surface (the part of one body's surface inside the
// other) this is ∫n dA over that surface, whatever its shape, and so the gradient of the overlap
// volume with respect to a translation of one body (docs/method.md, "The normal of a region").
// Equal to area × normal for flat loops.
Vec3 vectorArea(const ContactPlane& plane, std::span<const std::vector<Vec3>> loops);

// The mean distance of the region's points from the plane's origin, ∫|x − o| dA / A over the
// loops projected into the plane (holes subtracted; 0 for no area): the lever arm of a uniform
// friction traction resisting a spin about the normal (a disc of radius a about its centre: 2a/3).
double meanDistance(const ContactPlane& plane, std::span<const std::vector<Vec3>> loops);

// Even-odd ray casting (Dopico et al. §IV.F) of a 2D point against a closed 2D polygon.
bool pointInPolygon(const Eigen::Vector2d& point, std::span<const Eigen::Vector2d> polygon);

}  // namespace contactsim
