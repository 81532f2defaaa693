// Off-screen rendering of a scene view into a PNG file (tests, batch images; no display window).
#pragma once

#include <filesystem>

#include "scene_view.h"

class vtkRenderWindow;

namespace contactsim::render {

// Renders `view` into an off-screen window of width x height pixels and writes it as PNG.
// The view is attached to the off-screen window for the duration and reattached to its
// previous window afterwards. Throws std::runtime_error naming the file when writing fails.
void capturePng(SceneView& view, const std::filesystem::path& file, int width, int height);

// Writes what an off-screen `window` last rendered (its back buffer) as PNG; throws
// std::runtime_error naming the file when writing fails.
void writeWindowPng(vtkRenderWindow& window, const std::filesystem::path& file);

}  // namespace contactsim::render
