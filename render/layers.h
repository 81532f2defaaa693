// The layers drawn over the bodies, their names (command-line options) and visibility presets.
#pragma once

#include <array>
#include <optional>
#include <string_view>

namespace contactsim::render {

enum class Layer {
  NormalForces,          // green arrows, F_n along the patch normal, at the centroid
  FrictionForces,        // red arrows, F_t, at the centroid
  ContactContours,       // the patches' loops
  ContactPlanes,         // translucent discs in the contact plane
  ContactPoints,         // centroid and deepest points
  PenetratingTriangles,  // triangles of each body that cut the other
  IntersectionVolumes,   // translucent polyhedra A ∩ B of volumetric contact points
  AabbTree,              // a body's AABB tree boxes down to a depth
  BodyFrames,            // an axes triad per body
  Cables,                // lines between attachment points
  JointAxes,             // lines along joint axes
  TimeStamp,             // "t = 1.234 s" in the top-left corner
  GroundGrid,
};

inline constexpr std::array<Layer, 13> kAllLayers{
    Layer::NormalForces,        Layer::FrictionForces,
    Layer::ContactContours,     Layer::ContactPlanes,
    Layer::ContactPoints,       Layer::PenetratingTriangles,
    Layer::IntersectionVolumes, Layer::AabbTree,
    Layer::BodyFrames,          Layer::Cables,
    Layer::JointAxes,           Layer::TimeStamp,
    Layer::GroundGrid};

enum class LayerPreset {
  Default,     // forces, contours, planes, contact points, intersection volumes, cables, time,
               // grid; no debug layers
  CleanVideo,  // forces, cables, time and grid only: what a presentation video shows
  Debug,       // everything
};

bool presetShows(LayerPreset preset, Layer layer);

// Kebab-case names ("normal-forces", "aabb-tree", ...) for options such as --hide/--show.
std::string_view layerName(Layer layer);
std::optional<Layer> layerFromName(std::string_view name);

}  // namespace contactsim::render
