#include "png_capture.h"

#include <vtkNew.h>
#include <vtkPNGWriter.h>
#include <vtkRenderWindow.h>
#include <vtkWindowToImageFilter.h>

#include <optional>
#include <stdexcept>

namespace contactsim::render {

void capturePng(SceneView& view, const std::filesystem::path& file, int width, int height) {
  vtkRenderWindow* previous = view.window();
  vtkNew<vtkRenderWindow> window;  // the platform's OpenGL window, created by VTK's factory
  window->SetOffScreenRendering(1);
  window->SetSize(width, height);
  window->SetMultiSamples(4);
  view.attach(window);
  window->Render();

  std::optional<std::runtime_error> failure;
  try {
    writeWindowPng(*window, file);
  } catch (const std::runtime_error& error) {
    failure = error;
  }

  // Release this window's GL objects while its context exists, then give the view back.
  window->Finalize();
  view.attach(previous);
  if (failure) throw *failure;
}

void writeWindowPng(vtkRenderWindow& window, const std::filesystem::path& file) {
  vtkNew<vtkWindowToImageFilter> image;
  image->SetInput(&window);
  image->SetInputBufferTypeToRGB();
  image->ReadFrontBufferOff();  // off-screen: the frame is in the back buffer
  image->Update();
  vtkNew<vtkPNGWriter> writer;
  writer->SetFileName(file.string().c_str());
  writer->SetInputConnection(image->GetOutputPort());
  writer->Write();
  if (writer->GetErrorCode() != 0 || !std::filesystem::exists(file))
    throw std::runtime_error(file.string() + ": cannot write the PNG image");
}

}  // namespace contactsim::render
