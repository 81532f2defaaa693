#include "png_capture.h"

#include <vtkNew.h>
#include <vtkPNGWriter.h>
#include <vtkRenderWindow.h>
#include <vtkWindowToImageFilter.h>

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

  vtkNew<vtkWindowToImageFilter> image;
  image->SetInput(window);
  image->SetInputBufferTypeToRGB();
  image->ReadFrontBufferOff();  // off-screen: the frame is in the back buffer
  image->Update();

  vtkNew<vtkPNGWriter> writer;
  writer->SetFileName(file.string().c_str());
  writer->SetInputConnection(image->GetOutputPort());
  writer->Write();
  const bool failed = writer->GetErrorCode() != 0;

  // Release this window's GL objects while its context exists, then give the view back.
  window->Finalize();
  view.attach(previous);
  if (failed || !std::filesystem::exists(file)) {
    throw std::runtime_error(file.string() + ": cannot write the PNG image");
  }
}

}  // namespace contactsim::render
