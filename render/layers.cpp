#include "layers.h"

namespace contactsim::render {

bool presetShows(LayerPreset preset, Layer layer) {
  switch (preset) {
    case LayerPreset::Debug:
      return true;
    case LayerPreset::CleanVideo:
      return layer == Layer::NormalForces || layer == Layer::FrictionForces ||
             layer == Layer::Cables || layer == Layer::TimeStamp || layer == Layer::GroundGrid;
    case LayerPreset::Default:
      return layer != Layer::PenetratingTriangles && layer != Layer::AabbTree &&
             layer != Layer::BodyFrames && layer != Layer::JointAxes;
  }
  return true;
}

std::string_view layerName(Layer layer) {
  switch (layer) {
    case Layer::NormalForces:
      return "normal-forces";
    case Layer::FrictionForces:
      return "friction-forces";
    case Layer::ContactContours:
      return "contours";
    case Layer::ContactPlanes:
      return "contact-planes";
    case Layer::ContactPoints:
      return "contact-points";
    case Layer::PenetratingTriangles:
      return "triangles";
    case Layer::IntersectionVolumes:
      return "intersection-volumes";
    case Layer::AabbTree:
      return "aabb-tree";
    case Layer::BodyFrames:
      return "body-frames";
    case Layer::Cables:
      return "cables";
    case Layer::JointAxes:
      return "joint-axes";
    case Layer::TimeStamp:
      return "time";
    case Layer::GroundGrid:
      return "grid";
  }
  return "";
}

std::optional<Layer> layerFromName(std::string_view name) {
  for (Layer layer : kAllLayers) {
    if (layerName(layer) == name) return layer;
  }
  return std::nullopt;
}

}  // namespace contactsim::render
